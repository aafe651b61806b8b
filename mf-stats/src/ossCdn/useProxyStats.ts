/** A custom endpoint's statistics for a period, as a loading / loaded / failed state. */
import { useEffect, useState } from 'react';
import { describeFailure, getProxyStats, type ProxyStats } from '@skylift/shared';

export type Loadable<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed'; message: string };

export function useProxyStats(apiName: string, period: string): Loadable<ProxyStats> {
  const [result, setResult] = useState<Loadable<ProxyStats>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setResult({ state: 'loading' });
    getProxyStats(apiName, period).then(
      (value) => current && setResult({ state: 'loaded', value }),
      (error: unknown) => current && setResult({ state: 'failed', message: describeFailure(error) }),
    );
    return () => {
      current = false;
    };
  }, [apiName, period]);
  return result;
}

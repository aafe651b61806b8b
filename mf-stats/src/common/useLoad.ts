/** Runs a data API call whenever its key changes and keeps the latest answer as loading / loaded / failed. */
import { useEffect, useRef, useState } from 'react';
import { describeFailure } from '@skylift/shared';

export type Loadable<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed'; message: string };

export function useLoad<T>(key: string, load: () => Promise<T>): Loadable<T> {
  const [result, setResult] = useState<{ key: string; value: Loadable<T> }>({ key, value: { state: 'loading' } });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    setResult({ key, value: { state: 'loading' } });
    // Through then() so that a call that throws at once (no configuration yet) fails like any other.
    Promise.resolve()
      .then(() => loadRef.current())
      .then(
        (value) => current && setResult({ key, value: { state: 'loaded', value } }),
        (error: unknown) => current && setResult({ key, value: { state: 'failed', message: describeFailure(error) } }),
      );
    return () => {
      current = false;
    };
  }, [key]);
  // An answer for an older key is never shown for the new one.
  return result.key === key ? result.value : { state: 'loading' };
}

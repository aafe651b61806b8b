/** A custom endpoint's statistics for a period, as a loading / loaded / failed state. */
import { getProxyStats, type ProxyStats } from '@skylift/shared';
import { useLoad, type Loadable } from '../common/useLoad';

export function useProxyStats(apiName: string, period: string): Loadable<ProxyStats> {
  return useLoad(`${apiName}|${period}`, () => getProxyStats(apiName, period));
}

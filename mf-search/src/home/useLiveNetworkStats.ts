/**
 * The network's 30-day totals, read again every minute so the figures follow real growth. A later read that
 * fails keeps the last answer: the figures never fall back to a placeholder once shown.
 */
import { useEffect, useState } from 'react';
import { getNetworkStats, type AsyncState, type NetworkStats } from '@skylift/shared';

export const NETWORK_REFRESH_MS = 60_000;

export function useLiveNetworkStats(): AsyncState<NetworkStats> {
  const [state, setState] = useState<AsyncState<NetworkStats>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    const read = (fresh: boolean) =>
      getNetworkStats({ period: 'month' }, { fresh }).then(
        (value) => live && setState({ status: 'ok', value }),
        (error: unknown) => live && setState((last) => (last.status === 'ok' ? last : { status: 'error', error })),
      );
    void read(false);
    const timer = setInterval(() => void read(true), NETWORK_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return state;
}

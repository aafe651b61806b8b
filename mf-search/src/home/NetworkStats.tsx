/**
 * Live network statistics under the heading: requests and bandwidth of the last 30 days from the data API.
 * Each figure counts up to the real total once it arrives and then follows it as it is read again (counting on
 * from the figure shown, never past the total, never invented); under reduced motion it is simply shown. While
 * they load, a placeholder that states no figure; if they cannot be read, a dash and the reason.
 */
import { formatBytes, formatNumber } from '@skylift/shared';
import { useCountUp } from '@skylift/shared/ui';
import { useLiveNetworkStats } from './useLiveNetworkStats';
import styles from './home.module.css';

/** How long a figure takes to count to a total it has not shown yet. */
export const FIGURE_COUNT_MS = 1000;

export function NetworkStats() {
  const totals = useLiveNetworkStats();
  const stats = totals.status === 'ok' ? totals.value : undefined;
  const hits = useCountUp(stats ? stats.hits.total : null, { durationMs: FIGURE_COUNT_MS, fromShown: true });
  const bytes = useCountUp(stats ? stats.bandwidth.total : null, { durationMs: FIGURE_COUNT_MS, fromShown: true });
  const shown = (value: number | null, format: (n: number) => string) => (value !== null ? format(value) : totals.status === 'error' ? '—' : '…');

  return (
    <dl className={styles.network} data-testid="network-stats" data-loaded={stats ? 'true' : 'false'} aria-busy={totals.status === 'loading'}>
      <div className={styles.networkFigure}>
        <dt>requests in the last 30 days</dt>
        <dd className={styles.networkValue}>{shown(hits, (n) => formatNumber(Math.round(n)))}</dd>
      </div>
      <div className={styles.networkFigure}>
        <dt>delivered in the last 30 days</dt>
        <dd className={styles.networkValue}>{shown(bytes, formatBytes)}</dd>
      </div>
      {totals.status === 'error' ? <p className={styles.networkNote}>The statistics cannot be read right now.</p> : null}
    </dl>
  );
}

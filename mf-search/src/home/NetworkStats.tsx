/**
 * Live network statistics under the heading: requests and bandwidth of the last 30 days from the data API,
 * as animated figures. While they load, a placeholder that states no figure; if they cannot be read, a dash
 * and the reason, never a number that is not ours.
 */
import { formatBytes, formatNumber, getNetworkStats, useAsync, valueOf } from '@skylift/shared';
import { useAnimatedFigure } from './useAnimatedFigure';
import styles from './home.module.css';

const lastMonth = () => getNetworkStats({ period: 'month' });

export function NetworkStats() {
  const totals = useAsync(lastMonth, []);
  const stats = valueOf(totals);
  const ready = stats !== undefined;
  const hits = useAnimatedFigure(stats?.hits.total ?? 0);
  const bytes = useAnimatedFigure(stats?.bandwidth.total ?? 0);
  const shown = (text: string) => (ready ? text : totals.status === 'loading' ? '…' : '—');

  return (
    <dl className={styles.network} data-testid="network-stats" data-loaded={ready ? 'true' : 'false'} aria-busy={totals.status === 'loading'}>
      <div className={styles.networkFigure}>
        <dt>requests in the last 30 days</dt>
        <dd className={styles.networkValue}>{shown(formatNumber(Math.round(hits)))}</dd>
      </div>
      <div className={styles.networkFigure}>
        <dt>delivered in the last 30 days</dt>
        <dd className={styles.networkValue}>{shown(formatBytes(bytes))}</dd>
      </div>
      {totals.status === 'error' ? <p className={styles.networkNote}>The statistics cannot be read right now.</p> : null}
    </dl>
  );
}

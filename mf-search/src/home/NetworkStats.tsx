/**
 * Live network statistics under the heading: requests and bandwidth of the last 30 days from the data API,
 * as animated figures. While they load, a placeholder that states no figure; if they cannot be read, a dash
 * and the reason, never a number that is not ours.
 */
import { useEffect, useState } from 'react';
import { formatBytes, formatNumber, getNetworkStats } from '@skylift/shared';
import { useAnimatedFigure } from './useAnimatedFigure';

type Totals = { status: 'loading' } | { status: 'ready'; hits: number; bytes: number } | { status: 'failed' };

export function NetworkStats() {
  const [totals, setTotals] = useState<Totals>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    getNetworkStats({ period: 'month' }).then(
      (stats) => current && setTotals({ status: 'ready', hits: stats.hits.total, bytes: stats.bandwidth.total }),
      () => current && setTotals({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  const ready = totals.status === 'ready';
  const hits = useAnimatedFigure(ready ? totals.hits : 0);
  const bytes = useAnimatedFigure(ready ? totals.bytes : 0);
  const shown = (text: string) => (ready ? text : totals.status === 'loading' ? '…' : '—');

  return (
    <dl className="ms-network" data-testid="network-stats" data-loaded={ready ? 'true' : 'false'} aria-busy={totals.status === 'loading'}>
      <div className="ms-network__figure">
        <dt>requests in the last 30 days</dt>
        <dd className="ms-network__value">{shown(formatNumber(Math.round(hits)))}</dd>
      </div>
      <div className="ms-network__figure">
        <dt>delivered in the last 30 days</dt>
        <dd className="ms-network__value">{shown(formatBytes(bytes))}</dd>
      </div>
      {totals.status === 'failed' ? <p className="ms-network__note">The statistics cannot be read right now.</p> : null}
    </dl>
  );
}

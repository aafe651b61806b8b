/**
 * Live network statistics under the heading: requests and bandwidth of the last 30 days from the data API,
 * as animated figures. Before the answer arrives (or if it fails) the placeholders of spec 000 §2 show.
 */
import { useEffect, useState } from 'react';
import { formatBytes, formatNumber, getNetworkStats } from '@skylift/shared';
import { useAnimatedFigure } from './useAnimatedFigure';

export const PLACEHOLDER_HITS = 150e9;
export const PLACEHOLDER_BYTES = 5e15;

export function NetworkStats() {
  const [totals, setTotals] = useState<{ hits: number; bytes: number } | null>(null);

  useEffect(() => {
    let current = true;
    getNetworkStats({ period: 'month' }).then(
      (stats) => current && setTotals({ hits: stats.hits.total, bytes: stats.bandwidth.total }),
      () => {
        /* The placeholders stay: the landing figures are decoration, not worth an error box. */
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const hits = useAnimatedFigure(totals?.hits ?? PLACEHOLDER_HITS);
  const bytes = useAnimatedFigure(totals?.bytes ?? PLACEHOLDER_BYTES);

  return (
    <dl className="ms-network" data-testid="network-stats" data-loaded={totals ? 'true' : 'false'}>
      <div className="ms-network__figure">
        <dt>requests in the last 30 days</dt>
        <dd className="ms-network__value">{formatNumber(Math.round(hits))}</dd>
      </div>
      <div className="ms-network__figure">
        <dt>delivered in the last 30 days</dt>
        <dd className="ms-network__value">{formatBytes(bytes)}</dd>
      </div>
    </dl>
  );
}

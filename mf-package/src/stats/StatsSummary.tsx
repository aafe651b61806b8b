/** A total with its growth against the previous period of the same length. */
import { formatGrowth, growthPercent } from '@skylift/shared';
import { GROWTH_LABELS } from '@skylift/shared/stores/periods';
import { periodKind } from '../model/statsRules';

export function StatTotal({ label, value, current, previous, period }: { label: string; value: string; current: number; previous: number; period: string }) {
  const growth = growthPercent(current, previous);
  const direction = growth > 0 ? 'up' : growth < 0 ? 'down' : 'flat';
  return (
    <div className="pkg-stat">
      <span className="pkg-stat__label">{label}</span>
      <strong className="pkg-stat__value">{value}</strong>
      <span className={`pkg-stat__growth pkg-stat__growth--${direction}`}>
        {growth > 0 ? '▲ ' : growth < 0 ? '▼ ' : ''}
        {formatGrowth(growth)} {GROWTH_LABELS[periodKind(period)]}
      </span>
    </div>
  );
}

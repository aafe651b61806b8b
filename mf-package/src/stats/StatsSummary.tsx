/** A total with its growth against the previous period of the same length. */
import { formatGrowth, growthPercent, isNewGrowth } from '@skylift/shared';
import { GROWTH_LABELS } from '@skylift/shared/stores';
import { periodKind } from '../model/statsRules';
import styles from './StatsTab.module.css';

export function StatTotal({ label, value, current, previous, period }: { label: string; value: string; current: number; previous: number; period: string }) {
  const growth = growthPercent(current, previous);
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <strong className={styles.statValue}>{value}</strong>
      <span
        className={
          growth > 0 ? `${styles.statGrowth} ${styles.statGrowthUp}` : growth < 0 ? `${styles.statGrowth} ${styles.statGrowthDown}` : styles.statGrowth
        }
      >
        {isNewGrowth(growth) ? (
          'new: none in the previous period'
        ) : (
          <>
            {growth > 0 ? '▲ ' : growth < 0 ? '▼ ' : ''}
            {formatGrowth(growth)} {GROWTH_LABELS[periodKind(period)]}
          </>
        )}
      </span>
    </div>
  );
}

/** A change from the previous period: "+12%", "-3%", "1%" for a change below one percent, "new" where there was nothing before. */
import { displayedGrowth, formatGrowth, growthPercent, isNewGrowth } from '@skylift/shared';
import styles from '../statistics/statistics.module.css';

export function Growth({ current, previous }: { current: number; previous: number }) {
  const percent = growthPercent(current, previous);
  const shown = displayedGrowth(percent);
  return (
    <span className={shown > 0 ? styles.growthUp : shown < 0 ? styles.growthDown : undefined}>
      {shown > 0 && !isNewGrowth(percent) ? '+' : ''}
      {formatGrowth(percent)}
    </span>
  );
}

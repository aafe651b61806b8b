/** A change from the previous period: "+12%", "-3%", "1%" for a change below one percent. */
import { displayedGrowth, formatGrowth, growthPercent } from '@skylift/shared';

export function Growth({ current, previous }: { current: number; previous: number }) {
  const percent = growthPercent(current, previous);
  const shown = displayedGrowth(percent);
  const direction = shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat';
  return (
    <span className={`st-growth st-growth--${direction}`}>
      {shown > 0 ? '+' : ''}
      {formatGrowth(percent)}
    </span>
  );
}

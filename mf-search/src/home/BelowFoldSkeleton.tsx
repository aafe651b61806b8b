/** The landing sections' places before their code arrives: a heading bar and a block in each, at the section's size. */
import { slotClass, useBelowFoldSlots } from './belowFoldSlots';
import styles from './home.module.css';

export function BelowFoldSkeleton() {
  const slots = useBelowFoldSlots();
  return (
    <div data-testid="home-below-fold" data-state="waiting" aria-busy="true">
      {slots.map((slot) => (
        <div key={slot} className={slotClass(slot)}>
          <div className={styles.section} aria-hidden="true">
            <div className={styles.skeletonHeading} />
            <div className={styles.skeletonBlock} />
          </div>
        </div>
      ))}
    </div>
  );
}

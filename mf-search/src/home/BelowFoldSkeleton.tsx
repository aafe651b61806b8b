/** The landing sections' places before their code arrives: a heading bar and a block in each, at the section's size. */
import { useSiteContent } from '@skylift/shared/content/useSiteContent';
import { BELOW_FOLD_SLOTS, slotClass } from './belowFoldSlots';
import styles from './home.module.css';

export function BelowFoldSkeleton() {
  const { knownSites } = useSiteContent();
  return (
    <div data-testid="home-below-fold" data-state="waiting" aria-busy="true">
      {BELOW_FOLD_SLOTS.filter((slot) => slot !== 'sites' || knownSites.length > 0).map((slot) => (
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

import { useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { HISTORY } from '../content/content';
import { Timeline } from '../history/Timeline';
import { AboutTabs } from '../layout/AboutTabs';
import styles from '../layout/InfoPage.module.css';

/** /history: the About and History tabs, then the events of content/history.json on a timeline. */
export function HistoryPage() {
  const brand = useRuntimeConfig()?.brand ?? BRAND.name;
  return (
    <div className={styles.page}>
      <AboutTabs />
      <h1>History of {brand}</h1>
      <p className={styles.lead}>Updates, deals and milestones of this deployment, month by month.</p>
      <Timeline events={HISTORY} />
    </div>
  );
}

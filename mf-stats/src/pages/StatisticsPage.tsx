/**
 * /statistics: the title and the data range (kept in the address, `?period=`) at once, then global data, network data and projects
 * statistics, whose code is fetched only when this page is visited (the other pages of this remote and
 * the rest of the site never download it).
 */
import { lazy, Suspense, useEffect } from 'react';
import { loadPeriods } from '@skylift/shared/stores';
import { PeriodDropdown, usePeriodParam } from '@skylift/shared/ui';
import styles from '../statistics/statistics.module.css';
import '../ossCdn/ossCdn.module.css';

const StatisticsSections = lazy(() => import('../statistics/StatisticsSections'));

export const DEFAULT_STATISTICS_PERIOD = 'month';

export function StatisticsPage() {
  const [period, setPeriod] = usePeriodParam(DEFAULT_STATISTICS_PERIOD);
  useEffect(() => {
    void loadPeriods();
  }, []);
  return (
    <div className={styles.stats}>
      <div className={styles.statsTop}>
        <h1>Statistics</h1>
        <PeriodDropdown value={period} onChange={setPeriod} availableFor="network" />
      </div>
      <Suspense fallback={<p>Loading the statistics...</p>}>
        <StatisticsSections period={period} />
      </Suspense>
    </div>
  );
}

/** /statistics: the data range, then global data, network data and projects statistics, each its own section. */
import { useEffect, useState } from 'react';
import { loadPeriods } from '@skylift/shared';
import { PeriodDropdown } from '../common/PeriodDropdown';
import { Copyright } from '../statistics/Copyright';
import { GlobalSection } from '../statistics/GlobalSection';
import { NetworkSection } from '../statistics/NetworkSection';
import { ProjectsSection } from '../statistics/ProjectsSection';
import '../statistics/statistics.css';
import '../ossCdn/ossCdn.css';

export const DEFAULT_STATISTICS_PERIOD = 'month';

export function StatisticsPage() {
  const [period, setPeriod] = useState(DEFAULT_STATISTICS_PERIOD);
  useEffect(() => {
    void loadPeriods();
  }, []);
  return (
    <div className="st-stats">
      <div className="st-stats__top">
        <h1>Statistics</h1>
        <PeriodDropdown value={period} onChange={setPeriod} availableFor="network" />
      </div>
      <GlobalSection period={period} />
      <NetworkSection period={period} />
      <ProjectsSection period={period} />
      <Copyright />
    </div>
  );
}

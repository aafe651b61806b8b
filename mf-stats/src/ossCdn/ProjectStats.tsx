/**
 * The Statistics section of a custom endpoint's page: Requests or Bandwidth, the data range (a quarter at
 * first), the totals with their change from the previous period, and the bar chart grouped by day, week
 * or (for a year) month. Grouping goes back to days whenever new figures arrive.
 */
import styles from './ossCdn.module.css';
import { useEffect, useMemo, useState } from 'react';
import { type ProxyStats } from '@skylift/shared';
import { isFloatingPeriod } from '@skylift/shared/stores';
import { Dropdown, PeriodDropdown, usePeriodText } from '@skylift/shared/ui';
import { Chart } from '@skylift/shared/charts';
import { formatMetric, CHART_DRAW_DELAY_MS } from '../common/figures';
import { Growth } from '../common/Growth';
import { METRIC_LABELS, MetricSwitch, type Metric } from '../common/MetricSwitch';
import { barChartOption, dailyBarWidth } from './barChartOption';
import { groupDates, groupingsFor, type GroupBy } from './groupDates';
import type { OssProject } from './projects';
import { TopFiles } from './TopFiles';
import { useProxyStats } from './useProxyStats';

export const DEFAULT_PROJECT_PERIOD = 'quarter';
const GROUP_LABELS: Record<GroupBy, string> = { day: 'Day', week: 'Week', month: 'Month' };

export function isEmptyStats(stats: ProxyStats): boolean {
  return stats.hits.total === 0 && stats.bandwidth.total === 0;
}

export function ProjectStats({ project }: { project: OssProject }) {
  const [metric, setMetric] = useState<Metric>('hits');
  const [period, setPeriod] = useState(DEFAULT_PROJECT_PERIOD);
  const [groupBy, setGroupBy] = useState<GroupBy>('day');
  const stats = useProxyStats(project.apiName, period);
  const loaded = stats.state === 'loaded' ? stats.value : null;
  const periodText = usePeriodText(period);

  // New figures (another period, or a reload) start again by day.
  useEffect(() => setGroupBy('day'), [loaded, period]);

  const groupings = groupingsFor(period);
  const shownGroup = groupings.includes(groupBy) ? groupBy : 'day';
  const points = useMemo(() => (loaded ? groupDates(loaded[metric].dates, shownGroup) : []), [loaded, metric, shownGroup]);
  // Daily bars keep the thickness the period calls for; weeks and months are few enough to fill their slot.
  const option = useMemo(() => barChartOption(points, metric, shownGroup === 'day' ? dailyBarWidth(period) : undefined), [points, metric, shownGroup, period]);
  const title = isFloatingPeriod(period) ? `Stats for last ${periodText}` : `Stats for ${periodText}`;

  return (
    <>
      <section aria-labelledby="st-project-stats">
        <h2 id="st-project-stats">Statistics</h2>
        <div className={styles.projectControls}>
          <MetricSwitch value={metric} onChange={setMetric} />
          <PeriodDropdown value={period} onChange={setPeriod} availableFor="proxies" />
        </div>
        {stats.state === 'loading' && <p>Loading the statistics...</p>}
        {stats.state === 'failed' && <p className={styles.error}>The statistics could not be loaded: {stats.message}</p>}
        {loaded && isEmptyStats(loaded) && (
          <div className={styles.empty}>
            <p>
              <strong>No statistics yet</strong>
            </p>
            <p>This is probably not a very popular package :(</p>
          </div>
        )}
        {loaded && !isEmptyStats(loaded) && (
          <>
            <dl className={styles.projectSummary}>
              {(['hits', 'bandwidth'] as const).map((key) => (
                <div key={key}>
                  <dt>{METRIC_LABELS[key]}</dt>
                  <dd>{formatMetric(key, loaded[key].total)}</dd>
                  <dd className={styles.projectChange}>
                    <Growth current={loaded[key].total} previous={loaded[key].prev.total} /> compared with the previous period
                  </dd>
                </div>
              ))}
            </dl>
            <div className={styles.chartHead}>
              <h3>{title}</h3>
              <Dropdown
                label="Group by"
                items={groupings.map((group) => ({ value: group, label: GROUP_LABELS[group] }))}
                value={shownGroup}
                onChange={(value) => setGroupBy(value as GroupBy)}
              />
            </div>
            <Chart option={option} label={`${METRIC_LABELS[metric]} by ${shownGroup}`} drawDelayMs={CHART_DRAW_DELAY_MS} />
          </>
        )}
      </section>
      <TopFiles apiName={project.apiName} period={period} metric={metric} />
    </>
  );
}

/**
 * The Statistics tab: data range (quarter by default, kept in the address as `?period=`), requests and bandwidth totals with growth, the bar
 * chart with its group-by, the top versions and top files tables and the per-version line chart.
 */
import { useEffect, useMemo, useState } from 'react';
import { formatBytes, formatNumber, getPackageStats, getPackageVersionsStats, getVersionFilesStats, useAsync, valueOf } from '@skylift/shared';
import { periodText } from '@skylift/shared/stores';
import { Dropdown, type DropdownItem, PeriodDropdown, usePeriodParam } from '@skylift/shared/ui';
import { Chart } from '@skylift/shared/charts';
import { barOption, linesOption } from '../charts/chartOptions';
import type { PackageRef } from '../model/packageRef';
import {
  TOP_LINES,
  TOP_TABLE_PAGE_SIZE,
  chartTitlePrefix,
  groupSeries,
  groupingsFor,
  isEmptyStats,
  seriesName,
  validGrouping,
  type Grouping,
  type StatsMetric,
} from '../model/statsRules';
import { StatTotal } from './StatsSummary';
import { TopTable } from './TopTable';
import statsTabStyles from './StatsTab.module.css';
import installBlockStyles from '../install/InstallBlock.module.css';

export const NO_STATISTICS = 'No statistics yet';
/** The period the tab opens on when the address names none. */
export const DEFAULT_PACKAGE_PERIOD = 'quarter';

export function StatsTab({ pkg }: { pkg: PackageRef }) {
  const [period, setPeriod] = usePeriodParam(DEFAULT_PACKAGE_PERIOD);
  const [metric, setMetric] = useState<StatsMetric>('hits');
  const [groupingChoice, setGrouping] = useState<Grouping>('day');
  const grouping = validGrouping(period, groupingChoice);
  const [versionsPage, setVersionsPage] = useState(1);
  const [filesPage, setFilesPage] = useState(1);
  const [filesVersion, setFilesVersion] = useState<string | null>(null);

  const stats = useAsync(() => getPackageStats(pkg.type, pkg.name, period), [pkg.type, pkg.name, period]);
  const topVersions = useAsync(
    () => getPackageVersionsStats(pkg.type, pkg.name, { period, by: metric, limit: TOP_TABLE_PAGE_SIZE, page: versionsPage }),
    [pkg.type, pkg.name, period, metric, versionsPage],
  );
  const versionsList = valueOf(topVersions);
  // The line chart always shows the overall top 5, whatever page the table is on (the first page is cached).
  const firstPage = valueOf(
    useAsync(
      () => getPackageVersionsStats(pkg.type, pkg.name, { period, by: metric, limit: TOP_TABLE_PAGE_SIZE, page: 1 }),
      [pkg.type, pkg.name, period, metric],
    ),
  );
  // The version pick defaults to the first one returned; the files table starts at page 1 when versions reload.
  useEffect(() => {
    setFilesPage(1);
    if (versionsList)
      setFilesVersion((current) => (current && versionsList.items.some((v) => v.version === current) ? current : (versionsList.items[0]?.version ?? null)));
  }, [versionsList]);
  const topFiles = useAsync(
    filesVersion ? () => getVersionFilesStats(pkg.type, pkg.name, filesVersion, { period, by: metric, limit: TOP_TABLE_PAGE_SIZE, page: filesPage }) : null,
    [pkg.type, pkg.name, filesVersion, period, metric, filesPage],
  );

  const data = valueOf(stats);
  const empty = data ? isEmptyStats(data.hits.total, data.bandwidth.total) : false;
  useEffect(() => {
    if (empty) setMetric('hits');
  }, [empty]);

  const format = (value: number): string => (metric === 'bandwidth' ? formatBytes(value) : formatNumber(value));
  const bars = useMemo(() => (data ? barOption(groupSeries(data[metric].dates, grouping), metric) : null), [data, metric, grouping]);
  const lines = useMemo(() => {
    const top = firstPage?.items.slice(0, TOP_LINES) ?? [];
    if (!top.length) return null;
    const dates = [...new Set(top.flatMap((version) => Object.keys(version[metric].dates)))].sort();
    return linesOption(
      dates,
      top.map((version) => ({ name: seriesName(version.version), values: dates.map((date) => version[metric].dates[date] ?? 0) })),
      metric,
    );
  }, [firstPage, metric]);

  const groupItems: DropdownItem<Grouping>[] = groupingsFor(period).map((value) => ({ value, label: `Group by ${value}` }));
  const versionItems: DropdownItem<string>[] = (versionsList?.items ?? []).map((v) => ({ value: v.version, label: v.version }));

  return (
    <div>
      <div className={statsTabStyles.statsHead}>
        <h2>
          {chartTitlePrefix(period)} {periodText(period)}
        </h2>
        <PeriodDropdown
          availableFor="packages"
          value={period}
          onChange={(next) => {
            setPeriod(next);
            setVersionsPage(1);
          }}
        />
      </div>
      {stats.status === 'error' ? <p className={statsTabStyles.muted}>The statistics could not be loaded.</p> : null}
      {stats.status === 'loading' ? <p className={statsTabStyles.muted}>Loading statistics...</p> : null}
      {data && empty ? (
        <p className={statsTabStyles.statsEmpty} role="status">
          {NO_STATISTICS}
        </p>
      ) : null}
      {data && !empty ? (
        <>
          <div className={statsTabStyles.statsTotals}>
            <StatTotal label="Requests" value={formatNumber(data.hits.total)} current={data.hits.total} previous={data.hits.prev.total} period={period} />
            <StatTotal
              label="Bandwidth"
              value={formatBytes(data.bandwidth.total)}
              current={data.bandwidth.total}
              previous={data.bandwidth.prev.total}
              period={period}
            />
          </div>
          <div className={statsTabStyles.statsControls}>
            <div className={installBlockStyles.installSwitch} role="radiogroup" aria-label="Metric">
              {(['hits', 'bandwidth'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={metric === value}
                  className={metric === value ? 'is-active' : ''}
                  onClick={() => setMetric(value)}
                >
                  {value === 'hits' ? 'Requests' : 'Bandwidth'}
                </button>
              ))}
            </div>
            <Dropdown label="Group by" items={groupItems} value={grouping} onChange={setGrouping} />
          </div>
          {bars ? <Chart option={bars} label={`${metric === 'hits' ? 'Requests' : 'Bandwidth'} by ${grouping}`} /> : null}
          <div className={statsTabStyles.statsTables}>
            <TopTable
              caption="Top versions"
              columns={['Version', metric === 'hits' ? 'Requests' : 'Bandwidth']}
              rows={versionsList?.items ?? []}
              renderRow={(row) => [row.version, format(row[metric].total)]}
              page={versionsPage}
              totalPages={versionsList?.totalPages ?? 1}
              onPage={setVersionsPage}
              empty="No data for Top versions"
              loading={topVersions.status === 'loading'}
            />
            <div>
              {versionItems.length ? (
                <Dropdown
                  label="Version of the top files"
                  items={versionItems}
                  value={filesVersion}
                  onChange={setFilesVersion}
                  disabled={versionItems.length < 2}
                />
              ) : null}
              <TopTable
                caption="Top files"
                columns={['File', metric === 'hits' ? 'Requests' : 'Bandwidth']}
                rows={valueOf(topFiles)?.items ?? []}
                renderRow={(row) => [row.name, format(row[metric].total)]}
                page={filesPage}
                totalPages={valueOf(topFiles)?.totalPages ?? 1}
                onPage={setFilesPage}
                empty="No data"
                loading={topFiles.status === 'loading' && filesVersion !== null}
              />
            </div>
          </div>
          {lines ? (
            <>
              <h3>Versions over time</h3>
              <Chart option={lines} label="Top versions over time" height={300} />
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

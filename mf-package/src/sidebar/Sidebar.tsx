/**
 * The sidebar: the month's requests and bandwidth with small charts (range changeable), the top version,
 * the way to the full statistics, sharing with the package's rank, keyword badges and the badge box.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, CopyButton, badgeUrl, formatBytes, formatNumber, getPackageStats, getPackageVersionsStats, useAsync, valueOf } from '@skylift/shared';
import { SparkBars } from '../charts/SparkBars';
import { packagePagePath, type PackageRef } from '../model/packageRef';
import { groupSeries, periodKind } from '../model/statsRules';
import { PeriodDropdown } from '@skylift/shared/ui';
import sidebarStyles from './Sidebar.module.css';
import installBlockStyles from '../install/InstallBlock.module.css';

export const MAX_KEYWORDS = 15;
/** Bar thickness of the small charts by period. */
const BAR_WIDTH = { month: 4, quarter: 2, year: 1 } as const;

export interface SidebarProps {
  pkg: PackageRef;
  wwwUrl: string;
  keywords: readonly string[];
  /** The version's tarball on the registry, when the data API gives it; the link is left out otherwise. */
  tarball?: { url: string; version: string } | null;
}

export function Sidebar({ pkg, wwwUrl, keywords, tarball = null }: SidebarProps) {
  const [period, setPeriod] = useState('month');
  const [rounded, setRounded] = useState(false);
  const stats = valueOf(useAsync(() => getPackageStats(pkg.type, pkg.name, period), [pkg.type, pkg.name, period]));
  const top = valueOf(useAsync(() => getPackageVersionsStats(pkg.type, pkg.name, { period, limit: 1, page: 1 }), [pkg.type, pkg.name, period]));
  const barWidth = BAR_WIDTH[periodKind(period)];
  const hitsPoints = useMemo(() => (stats ? groupSeries(stats.hits.dates, 'day') : null), [stats]);
  const bandwidthPoints = useMemo(() => (stats ? groupSeries(stats.bandwidth.dates, 'day') : null), [stats]);
  const topVersion = top?.items[0];
  // The data API counts the packages with more requests (0 for the most requested); people, and the rank badge, count from 1.
  const apiRank = stats?.hits.rank ?? null;
  const rank = apiRank === null ? null : apiRank + 1;
  const pageUrl = `${wwwUrl.replace(/\/+$/, '')}${packagePagePath(pkg)}`;
  const badge = badgeUrl(pkg.type, pkg.name, rounded ? 'rounded' : 'square');
  const markdown = `[![${BRAND.name}](${badge})](${pageUrl})`;
  const shareText = rank !== null ? `${pkg.name} is #${formatNumber(rank)} on ${BRAND.name}: ${pageUrl}` : `${pkg.name} on ${BRAND.name}: ${pageUrl}`;

  return (
    <aside className={sidebarStyles.sidebar} aria-label="Package summary">
      <section className={sidebarStyles.card}>
        <div className={sidebarStyles.cardHead}>
          <h2>Usage</h2>
          <PeriodDropdown value={period} onChange={setPeriod} availableFor="packages" label="Summary range" />
        </div>
        <div className={sidebarStyles.sidebarFigure}>
          <span>Requests</span>
          <strong data-testid="sidebar-requests">{stats ? formatNumber(stats.hits.total) : '…'}</strong>
        </div>
        {hitsPoints ? <SparkBars points={hitsPoints} label="Requests per day" format={formatNumber} barWidth={barWidth} /> : <div style={{ height: 56 }} />}
        <div className={sidebarStyles.sidebarFigure}>
          <span>Bandwidth</span>
          <strong>{stats ? formatBytes(stats.bandwidth.total) : '…'}</strong>
        </div>
        {bandwidthPoints ? (
          <SparkBars points={bandwidthPoints} label="Bandwidth per day" format={formatBytes} barWidth={barWidth} />
        ) : (
          <div style={{ height: 56 }} />
        )}
        <div className={sidebarStyles.sidebarFigure}>
          <span>Top version</span>
          <strong>{topVersion ? `${topVersion.version} (${formatNumber(topVersion.hits.total)})` : '–'}</strong>
        </div>
        <Link
          className={`${installBlockStyles.button} ${installBlockStyles.buttonPrimary} ${sidebarStyles.sidebarFull}`}
          to={`${packagePagePath(pkg)}?tab=stats`}
        >
          Full {pkg.name} Download Stats
        </Link>
        {tarball ? (
          <a className={installBlockStyles.button} href={tarball.url} download>
            Download {pkg.name.split('/').pop()}-{tarball.version}.tgz
          </a>
        ) : null}
        {/* The accessible name is the visible text, so voice control finds the button by what it says. */}
        <CopyButton text={shareText}>{rank !== null ? `Share: #${formatNumber(rank)} on ${BRAND.name}` : 'Share'}</CopyButton>
      </section>
      {keywords.length ? (
        <section className={sidebarStyles.card}>
          <h2>Keywords</h2>
          <ul className={sidebarStyles.keywords}>
            {keywords.slice(0, MAX_KEYWORDS).map((keyword) => (
              <li key={keyword}>
                <Link to={`/?query=${encodeURIComponent(keyword)}`}>{keyword}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={sidebarStyles.card}>
        <h2>Badge</h2>
        <img className={sidebarStyles.badge} src={badge} alt={`${BRAND.name} requests badge of ${pkg.name}`} />
        <label className={sidebarStyles.sidebarCheck}>
          <input type="checkbox" checked={rounded} onChange={(event) => setRounded(event.target.checked)} /> Rounded style
        </label>
        <CopyButton text={markdown}>Copy markdown</CopyButton>
      </section>
    </aside>
  );
}

/**
 * Projects statistics: "Most popular projects" of the period, of every type (npm, gh, WordPress) or one, sorted by requests or
 * bandwidth, 10 to 100 a page. Any change of period, type, sort or page size goes back to page 1.
 */
import { useState } from 'react';
import { getTopPackages, type SortBy, type TopPackage, ProjectLink } from '@skylift/shared';
import { Dropdown } from '@skylift/shared/ui';
import { formatMetric } from '../common/figures';
import { Growth } from '../common/Growth';
import { Pager } from '../common/Pager';
import { DEFAULT_PAGE_SIZE, type PageSize } from '../common/paging';
import { useLoad } from '../common/useLoad';
import { barWidths } from './rules';
import { Section } from './Section';
import ossCdnStyles from '../ossCdn/ossCdn.module.css';
import statisticsStyles from './statistics.module.css';

/** The types the statistics count projects of. */
type StatsPackageType = TopPackage['type'];
type TypeFilter = 'all' | StatsPackageType;
const TYPE_ITEMS = [
  { value: 'all' as const, label: 'All' },
  { value: 'npm' as const, label: 'npm' },
  { value: 'gh' as const, label: 'gh' },
  { value: 'wp' as const, label: 'WordPress' },
];
const SORT_ITEMS = [
  { value: 'hits' as const, label: 'Requests' },
  { value: 'bandwidth' as const, label: 'Bandwidth' },
];

export function ProjectsSection({ period }: { period: string }) {
  const [type, setType] = useState<TypeFilter>('all');
  const [by, setBy] = useState<SortBy>('hits');
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  // The page belongs to one query: a new period, type, sort or page size is page 1 again.
  const query = `${period}|${type}|${by}|${pageSize}`;
  const [paging, setPaging] = useState({ query, page: 1 });
  const page = paging.query === query ? paging.page : 1;

  const top = useLoad(`${query}|${page}`, () => getTopPackages({ period, type: type === 'all' ? undefined : type, by, limit: pageSize, page }));
  const rows = top.state === 'loaded' ? top.value.items : [];
  const widths = barWidths(rows.map((row) => row[by]));

  const settings = (
    <>
      <Dropdown label="Type" items={TYPE_ITEMS} value={type} onChange={setType} />
      <Dropdown label="Sort by" items={SORT_ITEMS} value={by} onChange={setBy} />
    </>
  );

  return (
    <Section title="Projects statistics" settings={settings}>
      {/* The title stays above the table, not in a caption: on a phone the table scrolls sideways, and its caption with it. */}
      <h3 id="st-projects-title" className={statisticsStyles.tableTitle}>
        Most popular projects
      </h3>
      <div className={ossCdnStyles.tableScroll}>
        <table className={ossCdnStyles.table} aria-labelledby="st-projects-title">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Name</th>
              <th scope="col" className={ossCdnStyles.num}>
                Requests
              </th>
              <th scope="col" className={ossCdnStyles.num}>
                Bandwidth
              </th>
              <th scope="col" className={ossCdnStyles.num}>
                Interest
              </th>
              <th scope="col">
                <span className="sl-visually-hidden">{by === 'hits' ? 'Requests' : 'Bandwidth'} compared with the top project</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${row.type}/${row.name}`}>
                <td>{row.type}</td>
                <td>
                  <ProjectLink type={row.type} name={row.name} />
                </td>
                <td className={ossCdnStyles.num}>{formatMetric('hits', row.hits)}</td>
                <td className={ossCdnStyles.num}>{formatMetric('bandwidth', row.bandwidth)}</td>
                <td className={ossCdnStyles.num}>
                  <Growth current={row[by]} previous={row.prev[by]} />
                </td>
                <td style={{ width: '20%' }}>
                  <div className={statisticsStyles.bar} style={{ width: `${widths[index] ?? 0}%` }} />
                </td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={6} className={ossCdnStyles.empty}>
                  {top.state === 'loading' ? 'Loading...' : top.state === 'failed' ? `The projects could not be loaded: ${top.message}` : 'No data'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {top.state === 'loaded' && top.value.totalPages > 0 && (
        <Pager
          label="Most popular projects"
          page={page}
          totalPages={top.value.totalPages}
          onPage={(next) => setPaging({ query, page: next })}
          pageSize={pageSize}
          onPageSize={setPageSize}
        />
      )}
    </Section>
  );
}

/**
 * The custom endpoint's most requested files: page 1 and 10 rows at first; a change of endpoint, period,
 * metric or page size starts again at page 1, and every change of these or of the page reloads it.
 */
import styles from './ossCdn.module.css';
import { useState } from 'react';
import { getProxyFiles } from '@skylift/shared';
import { formatMetric } from '../common/figures';
import { METRIC_LABELS, type Metric } from '../common/MetricSwitch';
import { Pager } from '../common/Pager';
import { DEFAULT_PAGE_SIZE, type PageSize } from '../common/paging';
import { useLoad } from '../common/useLoad';

export function TopFiles({ apiName, period, metric }: { apiName: string; period: string; metric: Metric }) {
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  // The page belongs to one query: when the query changes, the page is 1 again without a second load.
  const query = `${apiName}|${period}|${metric}|${pageSize}`;
  const [paging, setPaging] = useState({ query, page: 1 });
  const page = paging.query === query ? paging.page : 1;
  const setPage = (next: number) => setPaging({ query, page: next });
  const files = useLoad(`${query}|${page}`, () => getProxyFiles(apiName, { period, by: metric, limit: pageSize, page }));

  const rows = files.state === 'loaded' ? files.value.items : [];
  return (
    <section aria-labelledby="st-top-files">
      <h2 id="st-top-files">Top files</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col" className={styles.num}>
              {METRIC_LABELS[metric]}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((file) => (
            <tr key={file.name}>
              <td className={styles.file}>{file.name}</td>
              <td className={styles.num}>{formatMetric(metric, file[metric].total)}</td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={2} className={styles.empty}>
                {files.state === 'loading'
                  ? 'Loading...'
                  : files.state === 'failed'
                    ? `The top files could not be loaded: ${files.message}`
                    : 'No statistics yet'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {files.state === 'loaded' && files.value.totalPages > 0 && (
        <Pager label="Top files" page={page} totalPages={files.value.totalPages} onPage={setPage} pageSize={pageSize} onPageSize={setPageSize} />
      )}
    </section>
  );
}

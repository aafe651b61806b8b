/** The ten most requested packages of the last 30 days, from our own statistics. */
import { Link } from 'react-router-dom';
import {
  Notice,
  Spinner,
  describeFailure,
  formatBytes,
  formatShort,
  getTopPackages,
  useAsync,
  type AsyncState,
  type TopPackage,
  ProjectLink,
} from '@skylift/shared';
import homeStyles from './home.module.css';
import searchStyles from '../search/search.module.css';

export const TOP_PACKAGES_LIMIT = 10;

type TopState = { status: 'loading' } | { status: 'ready'; rows: TopPackage[] } | { status: 'failed'; message: string };

const loadTop = () => getTopPackages({ period: 'month', limit: TOP_PACKAGES_LIMIT }).then((page) => page.items.slice(0, TOP_PACKAGES_LIMIT));

function topState(answer: AsyncState<TopPackage[]>): TopState {
  if (answer.status === 'ok') return { status: 'ready', rows: answer.value };
  return answer.status === 'error' ? { status: 'failed', message: describeFailure(answer.error) } : answer;
}

export function TopPackages() {
  const state = topState(useAsync(loadTop, []));

  return (
    <section className={homeStyles.section} aria-labelledby="home-top-heading">
      <div className={homeStyles.sectionHead}>
        <h2 id="home-top-heading">Top packages of the last 30 days</h2>
        <Link to="/statistics">All statistics ›</Link>
      </div>
      <div className={homeStyles.topBody}>
        {state.status === 'loading' ? <Spinner label="Top packages are loading..." showLabel /> : null}
        {state.status === 'failed' ? (
          <Notice variant="error" title="The top packages could not be loaded.">
            {state.message}
          </Notice>
        ) : null}
        {state.status === 'ready' && state.rows.length === 0 ? (
          <p className={homeStyles.empty} data-testid="top-packages-empty">
            No data yet: the table fills as the CDN serves files.
          </p>
        ) : null}
        {state.status === 'ready' && state.rows.length > 0 ? (
          <div className={homeStyles.tableWrap}>
            <table className={homeStyles.table}>
              <thead>
                <tr>
                  <th scope="col" className={homeStyles.rank}>
                    #
                  </th>
                  <th scope="col">Package</th>
                  <th scope="col" className={homeStyles.num}>
                    Requests
                  </th>
                  <th scope="col" className={homeStyles.num}>
                    Bandwidth
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.rows.map((row, index) => (
                  <tr key={`${row.type}/${row.name}`}>
                    <td className={homeStyles.rank}>{index + 1}</td>
                    <td>
                      {/* WordPress plugins and themes have no package page here: they link to their WordPress.org page. */}
                      <ProjectLink type={row.type} name={row.name} />
                      {row.type === 'gh' ? <span className={`${searchStyles.badge} ${homeStyles.badgeGh}`}>GitHub</span> : null}
                      {row.type === 'wp' ? <span className={searchStyles.badge}>WordPress</span> : null}
                    </td>
                    <td className={homeStyles.num}>{formatShort(row.hits)}</td>
                    <td className={homeStyles.num}>{formatBytes(row.bandwidth)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}

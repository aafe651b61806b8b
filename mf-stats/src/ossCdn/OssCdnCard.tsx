/** One custom endpoint on /oss-cdn: what the project is, its links, last month's figures and its stats page. */
import { Link } from 'react-router-dom';
import { formatNumber } from '@skylift/shared';
import { formatGigabytes } from '../common/figures';
import { ProjectLinks } from './ProjectLinks';
import type { OssProject } from './projects';
import { useProxyStats } from './useProxyStats';
import styles from './ossCdn.module.css';

export function OssCdnCard({ project }: { project: OssProject }) {
  const stats = useProxyStats(project.apiName, 'month');
  const headingId = `oss-${project.slug}`;
  return (
    <article className={styles.ossCard} aria-labelledby={headingId}>
      <h2 id={headingId}>{project.title}</h2>
      <p>{project.description}</p>
      <ProjectLinks project={project} />
      <dl className={styles.ossCardFigures} aria-label={`${project.title} in the last month`}>
        <div>
          <dt>Requests per month</dt>
          <dd>{stats.state === 'loaded' ? formatNumber(stats.value.hits.total) : stats.state === 'loading' ? '…' : '—'}</dd>
        </div>
        <div>
          <dt>Bandwidth per month</dt>
          <dd>{stats.state === 'loaded' ? formatGigabytes(stats.value.bandwidth.total) : stats.state === 'loading' ? '…' : '—'}</dd>
        </div>
      </dl>
      {stats.state === 'failed' && <p className={styles.error}>The statistics could not be loaded: {stats.message}</p>}
      <Link className={styles.arrowLink} to={`/oss-cdn/${project.slug}`}>
        {project.title} full stats
      </Link>
    </article>
  );
}

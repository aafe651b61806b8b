/** /oss-cdn/{name}: one custom endpoint's header, statistics, top files, and the way back to all of them. */
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { loadPeriods } from '@skylift/shared/stores';
import { HostingInfo } from '../ossCdn/HostingInfo';
import { ProjectLinks } from '../ossCdn/ProjectLinks';
import { ProjectStats } from '../ossCdn/ProjectStats';
import { projectBySlug } from '../ossCdn/projects';
import styles from '../ossCdn/ossCdn.module.css';

export function OssCdnProjectPage() {
  const { name = '' } = useParams();
  const project = projectBySlug(name);
  useEffect(() => {
    // The data range lists the periods with statistics; fetched once per page load, whoever asks first.
    void loadPeriods();
  }, []);
  // The page's declaration routes only the projects' names here; any other address is the site's 404.
  if (!project) return null;
  // A former name (an alias) answers with the page under its name, the address corrected in place.
  if (project.slug !== name) return <Navigate to={`/oss-cdn/${project.slug}`} replace />;
  return (
    <div className={styles.oss}>
      <header className={styles.projectHead}>
        <h1>{project.title}</h1>
        <p>{project.description}</p>
        <ProjectLinks project={project} />
      </header>
      <ProjectStats key={project.slug} project={project} />
      <p>
        <Link className={styles.arrowLink} to="/oss-cdn">
          Explore all custom endpoints
        </Link>
      </p>
      <Link className={styles.banner} to="/network/infographic">
        How {BRAND.name} serves files: the network infographic
      </Link>
      <HostingInfo />
    </div>
  );
}

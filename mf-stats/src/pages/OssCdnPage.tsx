/** /oss-cdn: every custom endpoint with its figures for the last month, and how custom hosting works. */
import { BRAND } from '@skylift/shared';
import { OssCdnCard } from '../ossCdn/OssCdnCard';
import { HostingInfo } from '../ossCdn/HostingInfo';
import { OSS_PROJECTS } from '../ossCdn/projects';
import styles from '../ossCdn/ossCdn.module.css';

export function OssCdnPage() {
  return (
    <div className={styles.oss}>
      <header>
        <h1>Custom CDN endpoints</h1>
        <p>
          Open source projects whose files live outside npm and GitHub are served by {BRAND.name} at paths of their own. Each one below shows its traffic over
          the last month.
        </p>
      </header>
      {OSS_PROJECTS.map((project) => (
        <OssCdnCard key={project.slug} project={project} />
      ))}
      <HostingInfo />
    </div>
  );
}

/** A project's own website and documentation, and the address its files are served at. */
import { useRuntimeConfig } from '@skylift/shared';
import type { OssProject } from './projects';
import styles from './ossCdn.module.css';

export function ProjectLinks({ project }: { project: OssProject }) {
  const config = useRuntimeConfig();
  return (
    <ul className={styles.projectLinks}>
      <li>
        <a href={project.link} target="_blank" rel="noopener noreferrer">
          Website
        </a>
      </li>
      <li>
        <a href={project.docsLink} target="_blank" rel="noopener noreferrer">
          Documentation
        </a>
      </li>
      {config && (
        <li>
          Endpoint: <code>{`${config.cdnUrl.replace(/\/+$/, '')}${project.cdnPath}/`}</code>
          {project.serving === false && ' (kept for the project; it serves files once this deployment names the project’s file host)'}
        </li>
      )}
    </ul>
  );
}

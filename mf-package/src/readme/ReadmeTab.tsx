/**
 * The readme as the web server rendered and sanitised it (the server's sanitiser is what makes inserting it
 * safe), under the package's repository, homepage and issue tracker when its package.json names them (npm
 * fills in the repository's own pages for those it leaves out).
 */
import styles from './ReadmeTab.module.css';

export interface ReadmeTabProps {
  html: string;
  repositoryUrl?: string | null;
  homepage?: string | null;
  issuesUrl?: string | null;
}

const isWebAddress = (url: string | null | undefined): url is string => typeof url === 'string' && /^https?:\/\//i.test(url);

export function ReadmeTab({ html, repositoryUrl, homepage, issuesUrl }: ReadmeTabProps) {
  return (
    <div>
      {isWebAddress(repositoryUrl) || isWebAddress(homepage) || isWebAddress(issuesUrl) ? (
        <p className={styles.readmeLinks}>
          {isWebAddress(repositoryUrl) ? (
            <a href={repositoryUrl} target="_blank" rel="noopener noreferrer nofollow">
              Repository
            </a>
          ) : null}
          {isWebAddress(homepage) && homepage !== repositoryUrl ? (
            <a href={homepage} target="_blank" rel="noopener noreferrer nofollow">
              Homepage
            </a>
          ) : null}
          {isWebAddress(issuesUrl) ? (
            <a href={issuesUrl} target="_blank" rel="noopener noreferrer nofollow">
              Issues
            </a>
          ) : null}
        </p>
      ) : null}
      <div className={styles.readme} data-testid="readme" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

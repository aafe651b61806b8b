/**
 * The readme as the web server rendered and sanitised it (the server's sanitiser is what makes inserting it
 * safe). The package's repository, homepage and issues are the header's, on every tab.
 */
import styles from './ReadmeTab.module.css';

export function ReadmeTab({ html }: { html: string }) {
  return <div className={styles.readme} data-testid="readme" dangerouslySetInnerHTML={{ __html: html }} />;
}

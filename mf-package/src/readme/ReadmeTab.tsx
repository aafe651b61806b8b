/** The readme as the web server rendered and sanitised it; the server's sanitiser is what makes inserting it safe. */
import './ReadmeTab.css';

export function ReadmeTab({ html }: { html: string }) {
  return <div className="pkg-readme" data-testid="readme" dangerouslySetInnerHTML={{ __html: html }} />;
}

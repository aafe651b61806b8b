import { useParams } from 'react-router-dom';
import { policyBySlug } from '../legal/policies';
import { PolicyNav } from '../legal/PolicyNav';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import styles from '../layout/InfoPage.module.css';
import '../legal/Legal.module.css';

/** /terms/{policy}: one of the documents in content/legal/, rendered from markdown. */
export function PolicyPage() {
  const { currentPolicy = '' } = useParams();
  // The page's declaration routes only the documents' slugs here; any other address is the site's 404.
  const policy = policyBySlug(currentPolicy);
  if (!policy) return null;
  return (
    <div className={`${styles.page} ${styles.pageNarrow}`}>
      <h1>{policy.title}</h1>
      <PolicyNav current={policy.slug} />
      <MarkdownDocument key={policy.file} file={policy.file} />
    </div>
  );
}

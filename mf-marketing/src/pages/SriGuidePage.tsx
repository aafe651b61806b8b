import { MarkdownDocument } from '../markdown/MarkdownDocument';
import styles from '../layout/InfoPage.module.css';

/** /using-sri-with-dynamic-files: when subresource integrity works with CDN links (content/sri.md). */
export function SriGuidePage() {
  return (
    <div className={`${styles.page} ${styles.pageNarrow}`}>
      <h1>Using SRI with dynamic files</h1>
      <MarkdownDocument file="sri.md" />
    </div>
  );
}

import { useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import styles from '../layout/InfoPage.module.css';

/** /new-jsdelivr: how the automated system differs from hand-uploaded CDNs (content/new-platform.md). */
export function NewPlatformPage() {
  const brand = useRuntimeConfig()?.brand ?? BRAND.name;
  return (
    <div className={`${styles.page} ${styles.pageNarrow}`}>
      <h1>The new {brand}</h1>
      <MarkdownDocument file="new-platform.md" />
    </div>
  );
}

/** The tabbed URL-usage documentation; the open tab is the `docs` query parameter, so it can be linked to. */
import { useSearchParams } from 'react-router-dom';
import { CopyButton, Tabs, tabPanelProps, useRuntimeConfig } from '@skylift/shared';
import { DOCS_TABS, isDocsTab, usageDocs, type DocsTab } from './usageExamples';
import styles from './home.module.css';

const ID = 'home-docs';

export function UsageDocs() {
  const config = useRuntimeConfig();
  const [params, setParams] = useSearchParams();
  const docs = params.get('docs');
  const selected: DocsTab = isDocsTab(docs) ? docs : 'npm';
  const doc = usageDocs(selected, config?.cdnUrl ?? '');

  const select = (tab: DocsTab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === 'npm') next.delete('docs');
        else next.set('docs', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section className={styles.section} aria-labelledby="home-docs-heading">
      <h2 id="home-docs-heading">Use it in a minute</h2>
      <Tabs label="URL shapes" tabs={DOCS_TABS} selected={selected} onSelect={select} idPrefix={ID} className={styles.docsTabs} />
      <div {...tabPanelProps(ID, selected)} className={styles.docsPanel}>
        <p className={styles.docsIntro}>{doc.intro}</p>
        <ul className={styles.docsExamples}>
          {doc.examples.map((example) => (
            <li key={example.code}>
              <span className={styles.docsText}>{example.text}</span>
              <span className={styles.code}>
                <code>{example.code}</code>
                <CopyButton text={example.code} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

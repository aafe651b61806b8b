/** The data API promo: what the API answers, shown as real requests against our data API and their answers. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton, Tabs, tabPanelProps, useRuntimeConfig } from '@skylift/shared';
import { API_EXAMPLES, API_TABS, type ApiExampleId } from './apiExamples';
import styles from './home.module.css';

const ID = 'home-api';

export function ApiPromo() {
  const config = useRuntimeConfig();
  const [selected, setSelected] = useState<ApiExampleId>('entrypoints');
  const example = API_EXAMPLES[selected];
  const url = `${(config?.dataApiUrl ?? '').replace(/\/+$/, '')}${example.path}`;
  return (
    <section className={`${styles.section} ${styles.api}`} aria-labelledby="home-api-heading">
      <div>
        <h2 id="home-api-heading">A free API for your tools</h2>
        <p>
          Versions, file trees with hashes, entrypoints and download statistics of every package, as JSON. No key, no sign-up, answers cacheable by any CDN.
        </p>
        <Link className={styles.button} to="/docs/data.jsdelivr.com">
          Read the API documentation
        </Link>
      </div>
      <div>
        <Tabs label="API examples" tabs={API_TABS} selected={selected} onSelect={setSelected} idPrefix={ID} className={styles.apiTabs} />
        <div {...tabPanelProps(ID, selected)} className={styles.apiPanel}>
          <p className={styles.apiDescription}>{example.description}</p>
          <div className={styles.code}>
            <code>
              <span className={styles.apiMethod}>GET</span> {url}
            </code>
            <CopyButton text={url} />
          </div>
          <pre className={styles.apiResponse} aria-label="Response">
            <code>{JSON.stringify(example.response, null, 2)}</code>
          </pre>
        </div>
      </div>
    </section>
  );
}

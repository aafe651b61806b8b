/** The data API promo: what the API answers, shown as real requests against our data API and their answers. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CopyButton, Tabs, tabPanelProps, useRuntimeConfig } from '@skylift/shared';
import { API_EXAMPLES, API_TABS, type ApiExampleId } from './apiExamples';

const ID = 'home-api';

export function ApiPromo() {
  const config = useRuntimeConfig();
  const [selected, setSelected] = useState<ApiExampleId>('entrypoints');
  const example = API_EXAMPLES[selected];
  const url = `${(config?.dataApiUrl ?? '').replace(/\/+$/, '')}${example.path}`;
  return (
    <section className="ms-section ms-api" aria-labelledby="home-api-heading">
      <div className="ms-api__text">
        <h2 id="home-api-heading">A free API for your tools</h2>
        <p>
          Versions, file trees with hashes, entrypoints and download statistics of every package, as JSON. No key, no sign-up, answers cacheable by any CDN.
        </p>
        <Link className="ms-button" to="/docs/data.jsdelivr.com">
          Read the API documentation
        </Link>
      </div>
      <div className="ms-api__example">
        <Tabs label="API examples" tabs={API_TABS} selected={selected} onSelect={setSelected} idPrefix={ID} className="ms-api__tabs" />
        <div {...tabPanelProps(ID, selected)} className="ms-api__panel">
          <p className="ms-api__description">{example.description}</p>
          <div className="ms-code ms-code--request">
            <code>
              <span className="ms-api__method">GET</span> {url}
            </code>
            <CopyButton text={url} />
          </div>
          <pre className="ms-api__response" aria-label="Response">
            <code>{JSON.stringify(example.response, null, 2)}</code>
          </pre>
        </div>
      </div>
    </section>
  );
}

import { useRuntimeConfig } from '@skylift/shared';
import infoPageStyles from '../layout/InfoPage.module.css';
import apiDocsStyles from '../apiDocs/ApiDocs.module.css';

/**
 * /docs/data.jsdelivr.com: the data service's own reference page (its OpenAPI contract shown by Scalar),
 * embedded, so the page and the contract the service serves can never disagree.
 */
export function DataApiDocsPage() {
  const config = useRuntimeConfig();
  const base = config?.dataApiUrl.replace(/\/+$/, '');
  return (
    <div className={`${infoPageStyles.page} ${apiDocsStyles.apiDocs}`}>
      <h1>Data API documentation</h1>
      <p className={infoPageStyles.lead}>Package versions, files, entry points and usage statistics, as JSON, free and without a key.</p>
      {base ? (
        <>
          <ul className={infoPageStyles.links}>
            <li>
              <a href={`${base}/docs`}>Open the reference in its own tab</a>
            </li>
            <li>
              <a href={`${base}/v1/spec.yaml`}>Download the OpenAPI contract (YAML)</a>
            </li>
          </ul>
          <iframe className={apiDocsStyles.apiDocsFrame} title="Data API reference" src={`${base}/docs`} />
        </>
      ) : (
        <p>Loading the configuration…</p>
      )}
    </div>
  );
}

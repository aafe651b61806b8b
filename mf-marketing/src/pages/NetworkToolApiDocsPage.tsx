import { Link } from 'react-router-dom';
import { escapeHtml, useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { SITE } from '../content/content';
import infoPageStyles from '../layout/InfoPage.module.css';
import apiDocsStyles from '../apiDocs/ApiDocs.module.css';

/**
 * The reference of a contract that is not ours, drawn as the data service draws its own: its script loads the
 * renderer the deployment names (checked by its hash) and starts it, in a frame with an opaque origin: nothing
 * it loads or runs can reach this site.
 */
export function contractReferenceDocument(contractUrl: string, dataApiUrl: string, title: string): string {
  const base = dataApiUrl.replace(/\/+$/, '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<div id="contract-reference" data-contract="${escapeHtml(contractUrl)}" data-title="${escapeHtml(title)}"></div>
<script src="${escapeHtml(`${base}/docs/init.js`)}"></script>
</body></html>`;
}

/**
 * /docs/api.globalping.io: the network-testing API is not ours. The page says what it is, which calls the
 * tool pages make, links to its own documentation, and shows its contract when the content names one.
 */
export function NetworkToolApiDocsPage() {
  const { apiUrl, apiDocsUrl, apiContractUrl } = SITE.networkTool;
  const dataApiUrl = useRuntimeConfig()?.dataApiUrl;
  return (
    <div className={`${infoPageStyles.page} ${infoPageStyles.pageNarrow} ${apiDocsStyles.apiDocs}`}>
      <h1>{BRAND.networkTool} API documentation</h1>
      <p className={infoPageStyles.lead}>
        The {BRAND.networkTool} API runs ping, traceroute, DNS, HTTP and MTR measurements from probes around the world. It is run by the {BRAND.networkTool}{' '}
        project, not by {BRAND.name}, and documents itself.
      </p>
      {apiDocsUrl ? (
        <p>
          <a className={infoPageStyles.button} href={apiDocsUrl}>
            Read the {BRAND.networkTool} API reference
          </a>
        </p>
      ) : null}
      <h2>What the tool pages use</h2>
      {apiUrl ? (
        <dl>
          <dt>Base URL</dt>
          <dd>
            <code>{apiUrl}</code>
          </dd>
          <dt>
            <code>POST /v1/measurements</code>
          </dt>
          <dd>creates a measurement: its type, target, locations and number of probes; answers with its id</dd>
          <dt>
            <code>GET /v1/measurements/{'{id}'}</code>
          </dt>
          <dd>reads it, with each probe's result, until its status is finished</dd>
        </dl>
      ) : (
        <p>No measurement API is configured for this deployment.</p>
      )}
      <p>
        Try it on the <Link to="/globalping">network tools</Link> page.
      </p>
      {apiContractUrl && dataApiUrl ? (
        <>
          <h2>Reference</h2>
          <iframe
            className={apiDocsStyles.apiDocsFrame}
            title={`${BRAND.networkTool} API reference`}
            sandbox="allow-scripts allow-popups"
            srcDoc={contractReferenceDocument(apiContractUrl, dataApiUrl, `${BRAND.networkTool} API`)}
          />
        </>
      ) : null}
    </div>
  );
}

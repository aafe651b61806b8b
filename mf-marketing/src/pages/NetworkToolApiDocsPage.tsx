import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { SITE } from '../content/content';
import '../layout/InfoPage.css';
import '../apiDocs/ApiDocs.css';

/**
 * /docs/api.globalping.io: the network-testing API is not ours, so this page says what it is, which calls
 * the tool pages make, and links to its own documentation.
 */
export function NetworkToolApiDocsPage() {
  const { apiUrl, apiDocsUrl } = SITE.networkTool;
  return (
    <div className="mk-page mk-page--narrow mk-api-docs">
      <h1>{BRAND.networkTool} API documentation</h1>
      <p className="mk-lead">
        The {BRAND.networkTool} API runs ping, traceroute, DNS, HTTP and MTR measurements from probes around the world. It is run by the {BRAND.networkTool} project,
        not by {BRAND.name}, and documents itself.
      </p>
      {apiDocsUrl ? (
        <p>
          <a className="mk-button" href={apiDocsUrl}>
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
    </div>
  );
}

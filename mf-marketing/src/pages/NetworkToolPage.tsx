import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { SITE } from '../content/content';
import { MeasurementForm } from '../networkTools/MeasurementForm';
import { MEASUREMENT_TYPES, TOOL_DESCRIPTIONS, TOOL_LABELS, toolPaths } from '../networkTools/tools';
import infoPageStyles from '../layout/InfoPage.module.css';
import networkToolsStyles from '../networkTools/NetworkTools.module.css';

/** /globalping: the network-testing tool: run any test here, or open a tool's own page. */
export function NetworkToolPage() {
  const { siteUrl, apiUrl } = SITE.networkTool;
  return (
    <div className={infoPageStyles.page}>
      <h1>{BRAND.networkTool}</h1>
      <p className={infoPageStyles.lead}>
        Test a host from probes around the world: ping, traceroute, DNS and HTTP. Measurements run on {BRAND.networkTool}
        {apiUrl ? ` (${apiUrl})` : ''}, an open network of probes; the results come straight from it.
      </p>
      <MeasurementForm apiUrl={apiUrl} />
      <h2>Tools</h2>
      <ul className={networkToolsStyles.toolList}>
        {MEASUREMENT_TYPES.map((type) => (
          <li key={type}>
            <h3>{TOOL_LABELS[type]}</h3>
            <p>{TOOL_DESCRIPTIONS[type]}</p>
            <ul>
              {toolPaths(type).map((entry) => (
                <li key={entry.path}>
                  <Link to={entry.path}>{entry.label}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p>MTR, which combines traceroute and ping, is available through the API and the tool’s own site.</p>
      <ul className={infoPageStyles.links}>
        <li>
          <Link to="/docs/api.globalping.io">API documentation</Link>
        </li>
        {siteUrl ? (
          <li>
            <a href={siteUrl}>{BRAND.networkTool} website</a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

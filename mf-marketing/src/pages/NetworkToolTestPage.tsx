import { Link, useParams } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { SITE } from '../content/content';
import { MeasurementForm } from '../networkTools/MeasurementForm';
import { parseToolParam, TOOL_DESCRIPTIONS, toolPaths } from '../networkTools/tools';
import styles from '../layout/InfoPage.module.css';

/** /globalping/network-tools/{tool}: one test (ping, traceroute, dns, http), optionally from a preset location. */
export function NetworkToolTestPage() {
  const { tool = '' } = useParams();
  // The page's declaration routes only tool names here; any other address is the site's 404.
  const route = parseToolParam(tool);
  if (!route) return null;
  const heading = `${BRAND.networkTool} ${route.type.toUpperCase()}${route.region ? ` ${route.region.label}` : ''}`;
  const others = toolPaths(route.type).filter((entry) => !entry.path.endsWith(`/${tool}`));
  return (
    <div className={styles.page}>
      <h1>{heading}</h1>
      <p className={styles.lead}>
        {TOOL_DESCRIPTIONS[route.type]}{' '}
        {route.region ? `The probes are ${route.region.label.replace(/^from /, 'in ')}; change the location to test from elsewhere.` : ''}
      </p>
      {/* A new tool page starts with a new form: results of another test do not carry over. */}
      <MeasurementForm key={tool} apiUrl={SITE.networkTool.apiUrl} fixedType={route.type} defaultLocation={route.region?.location ?? ''} />
      <nav aria-label="Other locations">
        <ul className={styles.links}>
          {others.map((entry) => (
            <li key={entry.path}>
              <Link to={entry.path}>{entry.label}</Link>
            </li>
          ))}
          <li>
            <Link to="/globalping">All network tools</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

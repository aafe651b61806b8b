/**
 * What our CDN offers beside a module CDN (Skypack and esm.sh pages): each kind of link in the other
 * service's form beside ours, ours made by the page's own converter from the runtime configuration, so the
 * two columns always agree with what the converter answers. Then the features this deployment really has,
 * each with where to see it; nothing is claimed about the other service beyond its link forms, and figures
 * that depend on how a deployment is fronted (number of CDNs, points of presence) are left out on purpose.
 */
import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import type { ComparisonExample } from './types';
import styles from './ConverterPage.module.css';

export type { ComparisonExample };

export interface ComparisonRow extends ComparisonExample {
  /** The same module on our CDN, or null while the runtime configuration is not there yet. */
  ours: string | null;
}

interface Feature {
  name: string;
  detail: string;
  where: { label: string; to: string };
}

const FEATURES: readonly Feature[] = [
  { name: 'npm and GitHub', detail: 'Files of any npm package and any public GitHub repository', where: { label: 'Documentation', to: '/documentation#npm' } },
  {
    name: 'Combining multiple files',
    detail: 'Several files in one request with /combine/',
    where: { label: 'How it works', to: '/documentation#combine-multiple-files' },
  },
  { name: 'Automatic minification', detail: 'Any .js or .css file minified on request', where: { label: 'How it works', to: '/documentation#npm' } },
  { name: 'Fully featured API', detail: 'Version listings, directory listings and usage statistics', where: { label: 'Statistics', to: '/statistics' } },
  { name: 'Cache purge', detail: 'Refresh a version alias or a branch at once', where: { label: 'Purge tool', to: '/tools/purge' } },
  { name: 'Download statistics', detail: 'Requests and bandwidth of every package, file and version', where: { label: 'Statistics', to: '/statistics' } },
];

export function ComparisonTable({ competitor, rows }: { competitor: string; rows: readonly ComparisonRow[] }) {
  return (
    <section className={styles.comparison} aria-labelledby="comparison-title">
      <h2 id="comparison-title">
        {competitor} and {BRAND.name} comparison
      </h2>
      <p>
        Every {competitor} module link has an equivalent on {BRAND.name}: an ES module built from the npm package, minified and served from the same CDN as
        every other file.
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Link to</th>
              <th scope="col">{competitor}</th>
              <th scope="col">{BRAND.name}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.link}>
                <th scope="row">{row.label}</th>
                <td>
                  <code className={styles.tableLink}>{row.link}</code>
                </td>
                <td>
                  <code className={styles.tableLink}>{row.ours ?? '…'}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className={styles.featuresTitle}>And on top of it</h3>
      <ul className={styles.featureList}>
        {FEATURES.map((feature) => (
          <li key={feature.name}>
            <strong>{feature.name}</strong>
            <span className={styles.tableDetail}>{feature.detail}</span> <Link to={feature.where.to}>{feature.where.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

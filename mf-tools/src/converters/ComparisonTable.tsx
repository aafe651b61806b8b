/**
 * What our CDN offers beside a module CDN (Skypack and esm.sh pages). Only features this
 * deployment really has are listed, each with where to see it; figures that depend on how a deployment
 * is fronted (number of CDNs, DNS providers, points of presence) are left out on purpose.
 */
import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared';

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

export function ComparisonTable({ competitor }: { competitor: string }) {
  return (
    <section className="converter__comparison" aria-labelledby="comparison-title">
      <h2 id="comparison-title">
        {competitor} and {BRAND.name} comparison
      </h2>
      <p>
        Every {competitor} module link has an equivalent on {BRAND.name}: an ES module built from the npm package, minified and served from the same CDN as
        every other file, with these on top:
      </p>
      <table className="converter__table">
        <thead>
          <tr>
            <th scope="col">Feature</th>
            <th scope="col">{BRAND.name}</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {FEATURES.map((feature) => (
            <tr key={feature.name}>
              <th scope="row">
                {feature.name}
                <span className="converter__table-detail">{feature.detail}</span>
              </th>
              <td>
                <span aria-label="Yes" role="img">
                  ✓
                </span>
              </td>
              <td>
                <Link to={feature.where.to}>{feature.where.label}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The HTML directory listing: it looks like our website (its header, colours and type) and leads back to
 * it, the package's page above all; readable without scripts or styles from elsewhere, every name escaped
 * and every link percent-encoded. It is the one HTML the CDN sends, and it is ours.
 */
import { BRAND } from '@skylift/shared/brand';
import { formatBytes, escapeHtml } from '@skylift/shared/format';
import { brandMarkSvg, palette } from '@skylift/shared/styles';
import type { DirectoryEntry } from './directoryEntries.ts';

/**
 * The listing's Content-Security-Policy: its own inline styles and nothing else, no script from anywhere
 * (an escaping mistake in a file name must not become a script running on the CDN's origin), no base URL,
 * no form, no framing. Its logo is inline SVG and its links are plain navigation, which need nothing more.
 */
export const LISTING_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface ListingPage {
  /** The URL path of the listed folder as requested (`/npm/name@1/dist/`). */
  title: string;
  /** Whether the folder has a parent inside the version (the version root has none). */
  hasParent: boolean;
  entries: readonly DirectoryEntry[];
  /** The package, for the links to its page on the website; absent, the listing links the website's home only. */
  pkg?: { type: 'npm' | 'gh'; name: string; version: string; path: string };
  /** The website's public address. */
  websiteUrl?: string;
}

/** The package page on the website, at the listed version and folder (its Files tab). */
export function packagePageUrl(websiteUrl: string, pkg: NonNullable<ListingPage['pkg']>): string {
  const base = websiteUrl.replace(/\/+$/, '');
  const name = pkg.name.split('/').map(encodeURIComponent).join('/');
  const params = new URLSearchParams({ tab: 'files', version: pkg.version });
  const folder = pkg.path.replace(/^\/+|\/+$/g, '');
  if (folder) params.set('path', folder);
  return `${base}/package/${pkg.type}/${name}?${params.toString()}`;
}

/** Links to every folder above the listed one: the package root, then each folder on the way down. */
function breadcrumbs(title: string): string {
  const match = /^(\/(?:npm|gh)\/.+?@[^/]+)(\/.*)$/.exec(title);
  if (!match) return escapeHtml(title);
  const [, root = '', rest = '/'] = match;
  const parts = rest.split('/').filter((part) => part !== '');
  const links = [`<a href="${'../'.repeat(parts.length) || './'}">${escapeHtml(root)}</a>`];
  parts.forEach((part, index) => {
    const up = parts.length - 1 - index;
    links.push(index === parts.length - 1 ? `<span>${escapeHtml(part)}</span>` : `<a href="${'../'.repeat(up)}">${escapeHtml(part)}</a>`);
  });
  return links.join('<span class="sep">/</span>');
}

const STYLE = [
  `:root{--ink:${palette.slate900};--muted:${palette.slate500};--border:${palette.slate200};--brand:${palette.brand};--link:${palette.blue700}}`,
  '*{box-sizing:border-box}',
  `body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:${palette.slate50}}`,
  'a{color:var(--link);text-decoration:none}a:hover,a:focus-visible{text-decoration:underline}',
  `.top{background:linear-gradient(120deg,var(--brand) 0%,${palette.blue900} 55%,var(--link) 100%);color:${palette.white}}`,
  '.top div{max-width:72rem;margin:0 auto;padding:.85rem 1rem;display:flex;gap:1rem;align-items:center;justify-content:space-between;flex-wrap:wrap}',
  `.top a{color:${palette.white};font-weight:700}`,
  '.brand{display:inline-flex;gap:.5rem;align-items:center;font-size:1.1rem}',
  'main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}',
  'h1{font-size:1.15rem;margin:0 0 1rem;word-break:break-all;font-weight:600}',
  'h1 .sep{color:var(--muted);margin:0 .25rem}',
  `.card{background:${palette.white};border:1px solid var(--border);border-radius:12px;overflow-x:auto}`,
  'table{border-collapse:collapse;width:100%}',
  'th,td{padding:.55rem 1rem;text-align:left;border-bottom:1px solid var(--border);white-space:nowrap}',
  'th{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}',
  'tr:last-child td{border-bottom:0}td:not(:first-child){color:var(--muted)}',
].join('');

export function renderListing(page: ListingPage): string {
  const rows = page.entries.map((entry) => {
    const href = encodeURIComponent(entry.name) + (entry.type === 'directory' ? '/' : '');
    const label = escapeHtml(entry.name) + (entry.type === 'directory' ? '/' : '');
    return `<tr><td><a href="./${escapeHtml(href)}">${label}</a></td><td>${entry.type === 'directory' || entry.size < 0 ? '-' : formatBytes(entry.size)}</td><td>${escapeHtml(entry.time.slice(0, 10))}</td></tr>`;
  });
  const up = page.hasParent ? '<tr><td><a href="../">../</a></td><td></td><td></td></tr>' : '';
  const title = escapeHtml(page.title);
  const brand = escapeHtml(BRAND.name);
  const home = page.websiteUrl ? escapeHtml(page.websiteUrl.replace(/\/+$/, '') + '/') : null;
  const packageLink =
    page.websiteUrl && page.pkg
      ? `<a href="${escapeHtml(packagePageUrl(page.websiteUrl, page.pkg))}">${escapeHtml(page.pkg.name)} on ${brand} &#8599;</a>`
      : '';
  const logo = brandMarkSvg({ inverted: true, attributes: ' width="26" height="26" aria-hidden="true"' });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} - ${brand} CDN</title>
<style>${STYLE}</style>
</head>
<body>
<header class="top"><div>${home ? `<a class="brand" href="${home}">${logo}${brand}</a>` : `<span class="brand">${logo}${brand}</span>`}${packageLink}</div></header>
<main>
<h1>${breadcrumbs(page.title)}</h1>
<div class="card">
<table>
<thead><tr><th>Name</th><th>Size</th><th>Modified</th></tr></thead>
<tbody>
${up}${rows.join('\n')}
</tbody>
</table>
</div>
</main>
</body>
</html>
`;
}

/**
 * The HTML directory listing: plain, readable without scripts or styles from elsewhere, every name
 * escaped and every link percent-encoded. It is the one HTML the CDN sends, and it is ours.
 */
import { BRAND } from '@skylift/shared/brand';
import type { DirectoryEntry } from './directoryEntries.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

export interface ListingPage {
  /** The URL path of the listed folder as requested (`/npm/name@1/dist/`). */
  title: string;
  /** Whether the folder has a parent inside the version (the version root has none). */
  hasParent: boolean;
  entries: readonly DirectoryEntry[];
}

export function renderListing(page: ListingPage): string {
  const rows = page.entries.map((entry) => {
    const href = encodeURIComponent(entry.name) + (entry.type === 'directory' ? '/' : '');
    const label = escapeHtml(entry.name) + (entry.type === 'directory' ? '/' : '');
    return `<tr><td><a href="./${escapeHtml(href)}">${label}</a></td><td>${entry.type === 'directory' ? '-' : formatBytes(entry.size)}</td><td>${escapeHtml(entry.time.slice(0, 10))}</td></tr>`;
  });
  const up = page.hasParent ? '<tr><td><a href="../">../</a></td><td></td><td></td></tr>' : '';
  const title = escapeHtml(page.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} - ${escapeHtml(BRAND.name)} CDN</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}td{padding:.2em 1.5em .2em 0}a{color:#0a58ca}</style>
</head>
<body>
<h1>${title}</h1>
<table>
<thead><tr><th align="left">Name</th><th align="left">Size</th><th align="left">Modified</th></tr></thead>
<tbody>
${up}${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`;
}

/**
 * Reads the folder listing a Subversion server answers over HTTP (`<li><a href="name">name</a></li>`, folders
 * with a trailing slash). The page comes from the upstream, so only names that are plain path segments are
 * kept, and at most `maxEntries` of them.
 */

export interface SvnEntry {
  name: string;
  type: 'file' | 'directory';
}

// Control characters are exactly what is refused in a name, so the pattern names them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const LINK = /<li>\s*<a\s+href="([^"]*)"/gi;

function decodeHref(href: string): string | null {
  const text = href
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'");
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export function parseSvnListing(html: string, maxEntries: number): SvnEntry[] {
  const entries: SvnEntry[] = [];
  const seen = new Set<string>();
  for (const match of html.matchAll(LINK)) {
    const decoded = decodeHref(match[1] ?? '');
    if (decoded === null) continue;
    const directory = decoded.endsWith('/');
    const name = directory ? decoded.slice(0, -1) : decoded;
    // The parent link, absolute links and anything that is not one segment of this folder.
    if (name === '' || name === '.' || name === '..' || /[/\\]/.test(name) || name.includes(':') || CONTROL_CHARACTER.test(name)) continue;
    const key = `${directory ? 'd' : 'f'}:${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ name, type: directory ? 'directory' : 'file' });
    if (entries.length >= maxEntries) break;
  }
  return entries.sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
}

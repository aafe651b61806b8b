/**
 * The default file of a version (what `/npm/name@version` serves): the manifest's `jsdelivr`, `cdn`,
 * `browser` (string form) or `main` field, the first that names an existing file (`.js` added when the field
 * has no extension, a folder's `index.js` accepted); then `style` for CSS packages; then `index.js`, npm's
 * implicit main. A `.min` sibling of the chosen file is preferred when the package ships one.
 */

const JS_FIELDS = ['jsdelivr', 'cdn', 'browser', 'main'] as const;

/** `./dist/x.js` -> `/dist/x.js`; null for anything that is not a plain relative path. */
function normalise(field: unknown): string | null {
  if (typeof field !== 'string') return null;
  const parts = field.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.includes('..')) return null;
  return '/' + parts.join('/');
}

function existing(candidate: string, exists: (path: string) => boolean, extension: '.js' | '.css'): string | null {
  if (exists(candidate)) return candidate;
  if (!candidate.endsWith(extension) && exists(candidate + extension)) return candidate + extension;
  if (extension === '.js' && exists(`${candidate}/index.js`)) return `${candidate}/index.js`;
  return null;
}

/** `x.js` -> `x.min.js` when that exists (same for CSS); other files as they are. */
function preferMinified(file: string, exists: (path: string) => boolean): string {
  const match = /^(.*?)(\.min)?\.(js|css)$/.exec(file);
  if (!match || match[2]) return file;
  const minified = `${match[1]}.min.${match[3]}`;
  return exists(minified) ? minified : file;
}

export function selectDefaultFile(manifest: Record<string, unknown> | null, exists: (path: string) => boolean): string | null {
  const fields = manifest ?? {};
  for (const field of JS_FIELDS) {
    const candidate = normalise(fields[field]);
    const found = candidate && existing(candidate, exists, '.js');
    if (found) return preferMinified(found, exists);
  }
  const style = normalise(fields['style']);
  const css = style && existing(style, exists, '.css');
  if (css) return preferMinified(css, exists);
  if (exists('/index.js')) return preferMinified('/index.js', exists);
  return null;
}

/**
 * The short links of esm.run: `/{name}[@{version}][/{path}]` names the ES module build of an npm package on
 * the CDN, `{cdn}/npm/{name}[@{version}][/{path}]/+esm`. The path is validated like any CDN path, and the
 * target is built from the parsed parts, never by echoing the raw input.
 */
import { encodeFilePath } from '../cdnUrl/cdnPath.ts';
import { parseNpmPath } from '../cdnUrl/parseCdnUrl.ts';
import { PackageError } from '../packages/types.ts';

/** `rest` is the request path without its leading '/' and without the query string. */
export function shortLinkTarget(cdnUrl: string, rest: string): string {
  const parsed = parseNpmPath(rest);
  if (parsed.mode === 'private-json') throw PackageError.badRequest('Invalid URL: short links name a package, a version and a module path.');
  const version = parsed.requested === '' ? '' : `@${encodeURIComponent(parsed.requested).replace(/%5E/gi, '^')}`;
  const path = parsed.path.replace(/\/+$/, '');
  return `${cdnUrl}/npm/${parsed.ref.name}${version}${encodeFilePath(path)}/+esm`;
}

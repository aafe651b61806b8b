/**
 * The short links of esm.run: `/{name}[@{version}][/{path}][?{options}]` names the ES module build of an npm
 * package on the CDN, `{cdn}/npm/{name}[@{version}][/{path}]/+esm[?{options}]`. The path is validated like any
 * CDN path and the options like any `+esm` URL's (`?dev`, `?target=es2020`, `?deps=...`, `?meta`; anything
 * else ignored, a bad value a 400 naming it), and the target is built from the parsed parts, never by echoing
 * the raw input.
 */
import { encodeFilePath } from '../cdnUrl/cdnPath.ts';
import { parseNpmPath } from '../cdnUrl/parseCdnUrl.ts';
import { optionsQuery, parseEsmQuery } from '../cdnUrl/esmOptions.ts';
import { PackageError } from '../packages/types.ts';

/** `rest` is the request path without its leading '/' and without the query string, `query` the query string without `?`. */
export function shortLinkTarget(cdnUrl: string, rest: string, query = ''): string {
  const parsed = parseNpmPath(rest);
  if (parsed.mode === 'private-json') throw PackageError.badRequest('Invalid URL: short links name a package, a version and a module path.');
  const version = parsed.requested === '' ? '' : `@${encodeURIComponent(parsed.requested).replace(/%5E/gi, '^')}`;
  const path = parsed.path.replace(/\/+$/, '');
  const { options, meta } = parseEsmQuery(query);
  const canonical = optionsQuery(options);
  const describe = meta ? `${canonical ? '&' : '?'}meta` : '';
  return `${cdnUrl}/npm/${parsed.ref.name}${version}${encodeFilePath(path)}/+esm${canonical}${describe}`;
}

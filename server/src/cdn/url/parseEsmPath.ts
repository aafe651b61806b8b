/**
 * `/npm/{name}@{version}[/{path}]/+esm` (an ES module build) and `.../+esm.map` (its source map). Everything
 * before `/+esm` is parsed as any npm file URL, so names, versions and paths are validated the same way.
 */
import { PackageError } from '../../packages/types.ts';
import { parseEsmOptions, type EsmOptions } from '../esm/resolve/esmOptions.ts';
import { parseNpmPath, type FileRequest } from '../../cdnUrl/parseCdnUrl.ts';

export interface EsmRequest {
  ref: FileRequest['ref'];
  requested: string;
  /** '' for the package's entry, else the path of the module to build ('/dist/x.js', or an `exports` subpath). */
  path: string;
  output: 'module' | 'map';
  /** The build options of the query string (`?dev`, `?target=es2018`); a 400 for an unknown one. */
  options: EsmOptions;
}

const ESM_SUFFIX = /\/\+esm(\.map)?\/?$/;

/** `rest` is what follows `/npm/`, `query` the query string without `?`; null when the URL does not ask for a module build. */
export function parseEsmPath(rest: string, query = ''): EsmRequest | null {
  const match = ESM_SUFFIX.exec(rest);
  if (!match) return null;
  const parsed = parseNpmPath(rest.slice(0, match.index));
  if (parsed.mode === 'private-json') throw PackageError.badRequest('Invalid URL: +esm cannot follow +private-json.');
  const path = parsed.path.replace(/\/+$/, '');
  return { ref: parsed.ref, requested: parsed.requested, path, output: match[1] ? 'map' : 'module', options: parseEsmOptions(query) };
}

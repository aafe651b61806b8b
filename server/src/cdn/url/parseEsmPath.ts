/**
 * `/npm/{name}@{version}[/{path}]/+esm` (an ES module build), its pinned form `.../+esm/b{generation}` (the
 * build of that generation, whose bytes never change), and `.../+esm.map` or `.../+esm/b{generation}.map`
 * (their source maps). Everything before `/+esm` is parsed as any npm file URL, so names, versions and paths
 * are validated the same way.
 */
import { PackageError } from '../../packages/types.ts';
import { parseEsmQuery, type EsmOptions } from '../../cdnUrl/esmOptions.ts';
import { parseNpmPath, type FileRequest } from '../../cdnUrl/parseCdnUrl.ts';

export interface EsmRequest {
  ref: FileRequest['ref'];
  requested: string;
  /** '' for the package's entry, else the path of the module to build ('/dist/x.js', or an `exports` subpath). */
  path: string;
  /** The module, its source map, or its description (`?meta`). */
  output: 'module' | 'map' | 'meta';
  /** The build generation a pinned URL names (`/+esm/b3` -> 3); null for the convenient URL. */
  generation: number | null;
  /** The build options of the query string (`?dev`, `?target=es2018`); anything else in it is ignored. */
  options: EsmOptions;
  /** The query names the target (`?target=deno`); without it, the client's User-Agent may choose (`serveEsm`). */
  targetGiven: boolean;
}

const ESM_SUFFIX = /\/\+esm(?:\/b([1-9]\d{0,5}))?(\.map)?\/?$/;

/** `rest` is what follows `/npm/`, `query` the query string without `?`; null when the URL does not ask for a module build. */
export function parseEsmPath(rest: string, query = ''): EsmRequest | null {
  const match = ESM_SUFFIX.exec(rest);
  if (!match) return null;
  const parsed = parseNpmPath(rest.slice(0, match.index));
  if (parsed.mode === 'private-json') throw PackageError.badRequest('Invalid URL: +esm cannot follow +private-json.');
  const path = parsed.path.replace(/\/+$/, '');
  const { options, meta, targetGiven } = parseEsmQuery(query);
  const output = match[2] ? 'map' : meta ? 'meta' : 'module';
  return { ref: parsed.ref, requested: parsed.requested, path, output, generation: match[1] ? Number(match[1]) : null, options, targetGiven };
}

/**
 * What an edge CDN's log line asked for, from its URL, in the request log's terms (type, name, version,
 * kind, file). The CDN's own URL parser decides, so an edge line and the origin line of the same URL agree.
 * The edge does not know which version an alias (`@18`, `@latest`, none) resolved to: such lines count
 * for the package but name no version or file.
 */
import { parseGhPath, parseNpmPath, type FileRequest } from '../../cdnUrl/parseCdnUrl.ts';
import { parseWpPath, type WordPressRequest } from '../../cdnUrl/parseWpPath.ts';
import { wordPressName } from '../../packages/wordpress/wordpressRef.ts';
import type { RequestLogLine } from '../line.ts';

export type UrlFields = Pick<RequestLogLine, 'type' | 'name' | 'version' | 'kind' | 'file'>;

const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const COMMIT = /^[0-9a-f]{40}$/;
const OTHER: UrlFields = { type: 'other', name: null, version: null, kind: null, file: null };

function fromRequest(request: FileRequest): UrlFields {
  const { ref, requested, path, mode } = request;
  const file = mode === 'file' ? path : null;
  if (ref.type === 'npm' && EXACT_VERSION.test(requested)) return { type: 'npm', name: ref.name, version: requested, kind: 'version', file };
  if (ref.type === 'gh' && COMMIT.test(requested)) return { type: 'gh', name: ref.name, version: requested, kind: 'commit', file };
  if (ref.type === 'gh' && EXACT_VERSION.test(requested.replace(/^v/, ''))) return { type: 'gh', name: ref.name, version: requested, kind: 'version', file };
  return { type: ref.type, name: ref.name, version: null, kind: requested ? 'alias' : null, file: null };
}

/** A WordPress tag or theme version is exact; trunk is a branch. */
function fromWordPress({ ref, path, mode }: WordPressRequest): UrlFields {
  return { type: 'wp', name: wordPressName(ref), version: ref.version, kind: ref.trunk ? 'branch' : 'version', file: mode === 'file' ? path : null };
}

/** The path of a URL (absolute, or a path with a query) in the request log's terms. */
export function urlFields(url: string): UrlFields {
  let path = url;
  const scheme = url.indexOf('://');
  if (scheme >= 0) {
    const slash = url.indexOf('/', scheme + 3);
    path = slash < 0 ? '/' : url.slice(slash);
  }
  path = path.split(/[?#]/, 1)[0] ?? '';
  try {
    if (path.startsWith('/npm/')) return fromRequest(parseNpmPath(path.slice(5)));
    if (path.startsWith('/gh/')) return fromRequest(parseGhPath(path.slice(4)));
    if (path.startsWith('/wp/')) return fromWordPress(parseWpPath(path.slice(4)));
  } catch {
    // A URL the CDN refuses still cost a request: it counts as other traffic.
    return OTHER;
  }
  if (path.startsWith('/combine/')) return { ...OTHER, type: 'combine' };
  return OTHER;
}

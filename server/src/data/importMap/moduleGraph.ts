/**
 * The `+esm` modules a page loads, walked from the CDN's own descriptions of them (`?meta` of each URL): each
 * module's pinned URL (whose bytes never change), the integrity of those bytes (SHA-384, as the CDN computes it
 * from what it serves there), and the pinned URLs of the modules it imports, root-relative on the CDN, so they
 * resolve against it whatever page loads them.
 */
import { BRAND } from '@skylift/shared/brand';
import { ApiError } from '../http/errors.ts';

export interface CdnAnswer {
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: Buffer;
}

/** Asks the CDN for a root-relative path, as a browser would (no compression: the integrity is of the bytes). */
export type CdnFetch = (path: string) => Promise<CdnAnswer>;

export interface ModuleNode {
  /** Root-relative pinned URL on the CDN. */
  path: string;
  integrity: string;
  /** Imports run when the module loads. */
  staticImports: string[];
  /** `import()` of other builds, loaded later if at all. */
  dynamicImports: string[];
}

/** Modules walked for one map: a bound on the work one request can cause. */
export const MAX_MODULES = 400;
/** Modules asked of the CDN at once (its per-client build budget is 64). */
const CONCURRENT_FETCHES = 8;

const BUILD_FAILED = `x-${BRAND.name.toLowerCase()}-esm-build`;

/** What the CDN's `?meta` says of a module (`server/src/cdn/esm/serve/buildMeta.ts`), as far as a map needs it. */
interface BuildMeta {
  url: string;
  integrity: string;
  imports: string[];
  dynamicImports: string[];
}

/** A CDN URL as a path on it: the pinned URLs of `?meta` are absolute. */
function onCdn(url: string): string {
  const parsed = new URL(url, 'http://cdn.invalid');
  return `${parsed.pathname}${parsed.search}`;
}

/** The URL of a module's description: its own URL with `meta` among its query parameters. */
export function metaPath(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}meta`;
}

function headerText(value: string | number | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : String(value ?? '');
}

/** The CDN's answer as an error of ours: its status and its plain-text reason. */
function cdnError(path: string, answer: CdnAnswer): ApiError {
  const reason = answer.body.toString('utf8').trim().slice(0, 300);
  if (answer.status === 404 || answer.status === 403 || answer.status === 400)
    return new ApiError(answer.status, reason || `The CDN has no module at ${path}.`);
  return new ApiError(502, `The CDN could not build ${path} (${answer.status}${reason ? `: ${reason}` : ''}).`);
}

/** A module as the CDN describes it: `path` may be its convenient URL; the node is of the pinned build it stands for. */
export async function fetchModule(cdn: CdnFetch, path: string): Promise<ModuleNode> {
  const answer = await cdn(metaPath(path));
  if (answer.status !== 200) throw cdnError(path, answer);
  // A failed build is a short-lived module that throws: never something to pin with an integrity hash.
  if (headerText(answer.headers[BUILD_FAILED]) === 'failed') throw new ApiError(502, `${path} could not be built as an ES module.`);
  const meta = JSON.parse(answer.body.toString('utf8')) as BuildMeta;
  const staticImports = [...new Set(meta.imports.map(onCdn))];
  const dynamicImports = [...new Set(meta.dynamicImports.map(onCdn))].filter((p) => !staticImports.includes(p));
  return { path: onCdn(meta.url), integrity: meta.integrity, staticImports, dynamicImports };
}

/** Every module reachable from the roots, static and dynamic imports alike, each described once (`known` already are). */
export async function walkModules(cdn: CdnFetch, roots: readonly string[], known: readonly ModuleNode[] = []): Promise<Map<string, ModuleNode>> {
  const found = new Map<string, ModuleNode>(known.map((node) => [node.path, node]));
  let wave = [...new Set([...roots, ...known.flatMap((n) => [...n.staticImports, ...n.dynamicImports])])].filter((p) => !found.has(p));
  while (wave.length > 0) {
    if (found.size + wave.length > MAX_MODULES)
      throw new ApiError(400, `These packages load more than ${MAX_MODULES} modules; ask for fewer packages in one map.`);
    const nodes: ModuleNode[] = [];
    // A few at a time: the CDN admits each client's builds fairly and refuses one with too many in flight.
    for (let at = 0; at < wave.length; at += CONCURRENT_FETCHES) {
      nodes.push(...(await Promise.all(wave.slice(at, at + CONCURRENT_FETCHES).map((path) => fetchModule(cdn, path)))));
    }
    for (const node of nodes) found.set(node.path, node);
    wave = [...new Set(nodes.flatMap((n) => [...n.staticImports, ...n.dynamicImports]))].filter((p) => !found.has(p));
  }
  return found;
}

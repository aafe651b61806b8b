/**
 * The `+esm` modules a page loads, walked from the CDN's own answers: each module's integrity is the SHA-384
 * of the exact bytes the CDN served for its URL, and its imports are the dependency URLs the build wrote
 * (`/npm/{dep}@{exact}[/{sub}]/+esm`, root-relative, so they resolve against the CDN whatever page loads them).
 */
import crypto from 'node:crypto';
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
  /** Root-relative URL on the CDN. */
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
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\/npm\/[^"\s]+\/\+esm)"/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*"(\/npm\/[^"\s]+\/\+esm)"\s*\)/g;

export function sha384(body: Buffer): string {
  return `sha384-${crypto.createHash('sha384').update(body).digest('base64')}`;
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

export async function fetchModule(cdn: CdnFetch, path: string): Promise<ModuleNode> {
  const answer = await cdn(path);
  if (answer.status !== 200) throw cdnError(path, answer);
  // A failed build is a short-lived module that throws: never something to pin with an integrity hash.
  if (headerText(answer.headers[BUILD_FAILED]) === 'failed') throw new ApiError(502, `${path} could not be built as an ES module.`);
  const text = answer.body.toString('utf8');
  const staticImports = [...new Set([...text.matchAll(STATIC_IMPORT)].map((m) => m[1]!))];
  const dynamicImports = [...new Set([...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!))].filter((p) => !staticImports.includes(p));
  return { path, integrity: sha384(answer.body), staticImports, dynamicImports };
}

/** Every module reachable from the roots, static and dynamic imports alike, each fetched once. */
export async function walkModules(cdn: CdnFetch, roots: readonly string[]): Promise<Map<string, ModuleNode>> {
  const found = new Map<string, ModuleNode>();
  let wave = [...new Set(roots)];
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

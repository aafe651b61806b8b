/**
 * An import map for a set of packages: each spec resolved to an exact version and its build options, the CDN's
 * `+esm` modules walked from there at their pinned URLs (whose bytes never change, so their integrity holds
 * across upgrades of the builder), the copies of a package brought down to one where ranges allow (`unify.ts`),
 * and every module the page can load listed with the integrity of the bytes the CDN serves, beside the HTML to
 * paste.
 */
import { PackageError, type PackageStore, type ResolvedVersion } from '../../packages/types.ts';
import { ApiError } from '../http/errors.ts';
import { fetchModule, walkModules, type CdnFetch, type ModuleNode } from './moduleGraph.ts';
import { specifierOf, type ImportSpec } from './specs.ts';
import { modulePath, redirected, unifyVersions, type Redirects } from './unify.ts';

export interface ImportMapAnswer {
  packages: { spec: string; name: string; version: string; subpath: string; specifier: string; url: string }[];
  importMap: { imports: Record<string, string>; scopes?: Record<string, Record<string, string>>; integrity: Record<string, string> };
  /** Modules loaded with the page (static imports), in load order: the modulepreload tags. */
  preload: { url: string; integrity: string }[];
  html: string;
}

/** Rounds of redirect then walk: a redirect's target brings its own imports, which may need redirects too. */
const MAX_ROUNDS = 4;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Modules a page reaches from the roots once redirected: those loaded at once, and all that may be. */
function reachable(graph: Map<string, ModuleNode>, redirects: Redirects, roots: string[]): { loaded: string[]; all: string[] } {
  const loaded: string[] = [];
  const all = new Set<string>();
  const visit = (path: string, eager: boolean): void => {
    const promoted = eager && !loaded.includes(path);
    if (all.has(path) && !promoted) return;
    all.add(path);
    if (promoted) loaded.push(path);
    const node = graph.get(path);
    if (!node) return;
    for (const dep of node.staticImports) visit(redirected(redirects, path, dep), eager);
    for (const dep of node.dynamicImports) visit(redirected(redirects, path, dep), false);
  };
  for (const root of roots) visit(root, true);
  return { loaded, all: [...all] };
}

/** The exact version of a spec; a refusal names the spec, as the store's message names only the version. */
async function resolveSpec(store: PackageStore, spec: ImportSpec): Promise<ResolvedVersion> {
  try {
    return await store.resolve({ type: 'npm', name: spec.name }, spec.range);
  } catch (error) {
    if (error instanceof PackageError) throw new PackageError(error.status, `${spec.text}: ${error.message}`);
    throw error;
  }
}

/** A spec's own module; a refusal (a bad build option, a missing path) names the spec. */
async function describeRoot(cdn: CdnFetch, path: string, spec: ImportSpec): Promise<ModuleNode> {
  try {
    return await fetchModule(cdn, path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) throw new ApiError(400, `${spec.text}: ${error.message}`);
    throw error;
  }
}

export async function buildImportMap(specs: ImportSpec[], store: PackageStore, cdn: CdnFetch, cdnBase: string): Promise<ImportMapAnswer> {
  const resolved = await Promise.all(specs.map((spec) => resolveSpec(store, spec)));
  // Each spec's convenient URL, with its options, stands for the pinned build the CDN describes.
  const asBuilt = specs.map((spec, i) =>
    modulePath({ name: spec.name, version: resolved[i]!.version, subpath: spec.subpath, build: `/+esm${spec.query ? `?${spec.query}` : ''}` }),
  );
  const rootNodes = await Promise.all(asBuilt.map((path, i) => describeRoot(cdn, path, specs[i]!)));
  const roots = rootNodes.map((node) => node.path);
  const asked = new Map<string, string>();
  specs.forEach((spec, i) => asked.has(spec.name) || asked.set(spec.name, resolved[i]!.version));
  const manifestOf = (name: string, version: string) => store.manifest({ type: 'npm', name }, version);

  const graph = await walkModules(cdn, roots, rootNodes);
  let redirects = await unifyVersions(graph, asked, manifestOf);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const targets = [...redirects.global.values(), ...[...redirects.scoped.values()].flatMap((m) => [...m.values()])].filter((p) => !graph.has(p));
    if (targets.length === 0) break;
    for (const [path, node] of await walkModules(cdn, targets)) graph.set(path, node);
    redirects = await unifyVersions(graph, asked, manifestOf);
  }

  const full = (path: string) => `${cdnBase}${path}`;
  const { loaded, all } = reachable(graph, redirects, roots);
  const imports: Record<string, string> = {};
  specs.forEach((spec, i) => (imports[specifierOf(spec)] ??= full(roots[i]!)));
  for (const [from, to] of redirects.global) imports[full(from)] = full(to);
  const scopes: Record<string, Record<string, string>> = {};
  for (const [prefix, map] of redirects.scoped) scopes[full(prefix)] = Object.fromEntries([...map].map(([from, to]) => [full(from), full(to)]));
  const integrity = Object.fromEntries(all.filter((p) => graph.has(p)).map((p) => [full(p), graph.get(p)!.integrity]));
  const importMap = { imports, ...(Object.keys(scopes).length > 0 ? { scopes } : {}), integrity };
  const preload = loaded.filter((p) => graph.has(p)).map((p) => ({ url: full(p), integrity: graph.get(p)!.integrity }));
  const html = [
    // `</script` cannot occur in the JSON (URLs and hashes only), but is escaped anyway so that the tag cannot be closed early.
    `<script type="importmap">\n${JSON.stringify(importMap, null, 2).replace(/<\//g, '<\\/')}\n</script>`,
    ...preload.map((m) => `<link rel="modulepreload" href="${escapeAttribute(m.url)}" integrity="${m.integrity}" crossorigin="anonymous">`),
  ].join('\n');
  return {
    packages: specs.map((spec, i) => ({
      spec: spec.text,
      name: spec.name,
      version: resolved[i]!.version,
      subpath: spec.subpath,
      specifier: specifierOf(spec),
      url: full(roots[i]!),
    })),
    importMap,
    preload,
    html,
  };
}

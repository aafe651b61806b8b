/**
 * `export * from 'other-package'` below a package's entry (`@walletconnect/jsonrpc-utils` re-exporting
 * `@walletconnect/jsonrpc-types` from an inner file). The other package is external to the build, and
 * esbuild copies an external's names onto the inner module's namespace only at run time: the entry's static
 * exports leave them out, so `import { name }` fails. The build is then made again behind a wrapper that
 * re-exports those packages' builds itself (`export *` in the entry module, which the browser links) beside
 * the entry's own names, named explicitly so that they take precedence over a star as in the original graph.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Metafile } from 'esbuild';
import type { StoredFile } from '../../../packages/types.ts';
import { keyOfUrl, type BuildKey } from '../resolve/buildKey.ts';
import { readStoredText } from '../../../packages/storedFile.ts';

/** An import of another package's build, as the plugin resolved it. */
export interface ExternalImport {
  /** The package file importing it ('/dist/types.js'). */
  importer: string;
  /** The specifier as written ('@walletconnect/jsonrpc-types'). */
  specifier: string;
  /** The build it became ('/npm/@walletconnect/jsonrpc-types@1.0.4/+esm'). */
  url: string;
}

/** Prefix by which the wrapper names a build URL the plugin keeps external as it is. */
export const BUILD_URL_PREFIX = 'build-url:';

const STAR = /\bexport\s*\*\s*from\s*(["'])([^"'\n]+)\1/g;

/**
 * The builds of other packages that an ES module of the package other than the entry re-exports with
 * `export *`, in the order first met. `namespace` is the plugin's namespace of package files.
 */
export async function nestedStarReexports(
  metafile: Metafile | undefined,
  entry: string,
  namespace: string,
  files: ReadonlyMap<string, StoredFile>,
  externals: readonly ExternalImport[],
): Promise<string[]> {
  const urls = new Set<string>();
  for (const [input, info] of Object.entries(metafile?.inputs ?? {})) {
    if (!input.startsWith(`${namespace}:`) || info.format !== 'esm') continue;
    const file = input.slice(namespace.length + 1);
    if (file === entry) continue;
    const fromFile = externals.filter((e) => e.importer === file);
    if (fromFile.length === 0) continue;
    const stored = files.get(file);
    if (!stored) continue;
    const source = await readStoredText(stored);
    for (const match of source.matchAll(STAR)) {
      const found = fromFile.find((e) => e.specifier === match[2]);
      if (found) urls.add(found.url);
    }
  }
  return [...urls];
}

/**
 * The builds of other packages the entry itself re-exports with `export *` (redux-saga's ES module entry:
 * `export * from '@redux-saga/core'`). esbuild keeps such a statement in the entry module, where the browser
 * links it, but leaves its names out of the entry's static exports: they are the build's names all the same.
 */
export async function entryStarReexports(entry: string, files: ReadonlyMap<string, StoredFile>, externals: readonly ExternalImport[]): Promise<string[]> {
  const fromEntry = externals.filter((e) => e.importer === entry);
  const stored = files.get(entry);
  if (fromEntry.length === 0 || !stored) return [];
  const urls = new Set<string>();
  for (const match of (await readStoredText(stored)).matchAll(STAR)) {
    const found = fromEntry.find((e) => e.specifier === match[2]);
    if (found) urls.add(found.url);
  }
  return [...urls];
}

/** The wrapper entry: the entry's own names, explicitly, and every name of the re-exported builds. */
export function starWrapper(entry: string, entryNames: readonly string[], urls: readonly string[]): string {
  const target = JSON.stringify(entry);
  const lines = [`export * from ${target};`];
  if (entryNames.length) lines.push(`export { ${entryNames.map((n) => JSON.stringify(n)).join(', ')} } from ${target};`);
  for (const url of urls) lines.push(`export * from ${JSON.stringify(`${BUILD_URL_PREFIX}${url}`)};`);
  return lines.join('\n');
}

/** The names of a build by its URL (`/npm/x@1.0.0/+esm`), or null when it cannot be had. */
export type BuildExports = (url: string) => Promise<readonly string[] | null>;

/** The builds whose names are being gathered in this chain of lookups, so that a cycle of `export *` ends. */
const gathering = new AsyncLocalStorage<ReadonlySet<string>>();

/**
 * A build's exports as a page sees them: its own names, and every name of the builds it re-exports with
 * `export *` (their own re-exports included, as their lists give them), `default` excepted as `export *`
 * leaves it out. These are linked by the browser, so the build's static list lacks them; `?exports=` and
 * a range's re-export module read this list. A build met again in the same chain (a cycle) adds nothing more.
 */
export async function withStarNames(url: string, own: readonly string[], stars: readonly string[] | undefined, exportsOf: BuildExports): Promise<string[]> {
  if (!stars?.length) return [...own];
  const seen = gathering.getStore() ?? new Set<string>();
  const chain = new Set([...seen, url]);
  const names = new Set(own);
  await gathering.run(chain, async () => {
    for (const star of stars) {
      if (chain.has(star)) continue;
      for (const name of (await exportsOf(star)) ?? []) if (name !== 'default') names.add(name);
    }
  });
  return [...names].sort();
}

/** Looks a build up by its URL, through `get` (the builds' own lookup, building it when not built yet). */
export function buildExportsByUrl(get: (key: BuildKey) => Promise<{ ok: true; exports: string[] } | { ok: false }>): BuildExports {
  return async (url) => {
    const key = keyOfUrl(url);
    if (!key) return null;
    try {
      const build = await get(key);
      return build.ok ? build.exports : null;
    } catch {
      // A package or build that cannot be had gives no names: the module's own stay.
      return null;
    }
  };
}

/**
 * `export * from 'other-package'` below a package's entry (`@walletconnect/jsonrpc-utils` re-exporting
 * `@walletconnect/jsonrpc-types` from an inner file). The other package is external to the build, and
 * esbuild copies an external's names onto the inner module's namespace only at run time: the entry's static
 * exports leave them out, so `import { name }` fails. The build is then made again behind a wrapper that
 * re-exports those packages' builds itself (`export *` in the entry module, which the browser links) beside
 * the entry's own names, named explicitly so that they take precedence over a star as in the original graph.
 */
import fs from 'node:fs/promises';
import type { Metafile } from 'esbuild';
import type { StoredFile } from '../../packages/types.ts';

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
    const source = await fs.readFile(stored.diskPath, 'utf8');
    for (const match of source.matchAll(STAR)) {
      const found = fromFile.find((e) => e.specifier === match[2]);
      if (found) urls.add(found.url);
    }
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

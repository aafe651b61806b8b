/**
 * Names Node's `require()` gives for an ES module entry beyond its own exports, held by one of its values:
 *
 * - its `export { x as "module.exports" }` (yargs-parser 22: Node's `require()` of an ES module gives that
 *   export, a function with `detailed`, `camelCase`, ... attached to it). The entry and the package's own
 *   files are compiled to one CommonJS file and evaluated in the sandbox, reading the keys of that export;
 * - the `require` file of a package whose `exports` send `import` to the ES module and `require` to a CommonJS
 *   file (yargs-parser 21: `module.exports = thatFunction`, whose keys Node lists), read by the lexer and the
 *   sandbox as for any CommonJS entry, when the ES module has a default export to read them from.
 *
 * The build of the ES module then also exports those names, read from that value when the module loads, so a
 * page importing `{ camelCase }` gets what `require('yargs-parser').camelCase` gives.
 */
import * as esbuild from 'esbuild';
import type { Loader, Plugin } from 'esbuild';
import type { StoredFile } from '../../../packages/types.ts';
import { cjsExports, exportableName, exportPropertiesOf, type CjsSourceReader } from './cjsExports.ts';
import { dirnameOf, exportsTarget, importsTarget, joinPackagePath, probeFile } from '../resolve/entry.ts';
import { browserMap } from '../resolve/entry.ts';
import { requireEntry } from './sandbox/sandboxFiles.ts';
import { runtimeExports, withRuntimeExports, type SandboxDependencies } from './sandbox/runtimeExports.ts';
import { readStored, readStoredText } from '../../../packages/storedFile.ts';

export interface RequireNamesRequest {
  name: string;
  manifest: Record<string, unknown>;
  files: ReadonlyMap<string, StoredFile>;
  /** The ES module file built, and the names its build exports. */
  entry: string;
  exports: readonly string[];
  /** The build's browser conditions, to tell whether `entry` is the package's main entry for an import. */
  conditions: ReadonlySet<string>;
  reader: CjsSourceReader;
  dependencies?: SandboxDependencies;
}

/** Where the names are read from: the ES module's `module.exports` export, or its default. */
export type NamesSource = 'module.exports' | 'default';

/** The names to add and the export holding them, or null when there are none. */
export async function requireOnlyNames(request: RequireNamesRequest): Promise<{ names: string[]; from: NamesSource } | null> {
  const names = request.exports.includes(MODULE_EXPORTS) ? await moduleExportsNames(request) : await requireFileNames(request);
  return names.length ? { names, from: request.exports.includes(MODULE_EXPORTS) ? MODULE_EXPORTS : 'default' } : null;
}

const MODULE_EXPORTS = 'module.exports';
/** The CommonJS compilation of the entry, among the package's files (a name a published file is unlikely to take). */
const COMPILED = '/+esm-as-commonjs.cjs';

const LOADERS: Record<string, Loader> = { '.json': 'json', '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' };

/** The entry and the package's own modules as one CommonJS file; other packages stay `require()` calls. */
async function compiled(request: RequireNamesRequest): Promise<string | null> {
  const has = { has: (p: string) => request.files.has(p) };
  const plugin: Plugin = {
    name: 'own-files',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: request.entry, namespace: 'own' };
        const mapped = args.path.startsWith('#') ? importsTarget(request.manifest['imports'], args.path, request.conditions) : null;
        const specifier = mapped ?? args.path;
        if (!specifier.startsWith('.')) return { path: specifier, external: true };
        const joined = joinPackagePath(mapped ? '/' : dirnameOf(args.importer), specifier);
        const file = joined ? probeFile(has, joined) : null;
        return file ? { path: file, namespace: 'own' } : { path: specifier, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: 'own' }, async (args) => {
        const stored = request.files.get(args.path);
        const contents = stored ? await readStored(stored) : '';
        const extension = /\.[^./]+$/.exec(args.path)?.[0] ?? '';
        return { contents, loader: LOADERS[extension] ?? 'js' };
      });
    },
  };
  try {
    const result = await esbuild.build({
      entryPoints: [request.entry],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'silent',
      absWorkingDir: '/',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [plugin],
    });
    return result.outputFiles?.[0]?.text ?? null;
  } catch {
    return null;
  }
}

/** The keys of the ES module's `module.exports` export, as Node's `require()` of it gives them. */
async function moduleExportsNames(request: RequireNamesRequest): Promise<string[]> {
  const code = await compiled(request);
  if (code === null) return [];
  const text = Buffer.from(code);
  const files = new Map(request.files);
  files.set(COMPILED, { path: COMPILED, size: text.length, sha256: '', time: '', diskPath: '', content: text });
  const evaluated = await runtimeExports({
    name: request.name,
    manifest: request.manifest,
    entry: COMPILED,
    files,
    replacements: new Map(),
    dependencies: request.dependencies,
    property: MODULE_EXPORTS,
  });
  const own = new Set(request.exports);
  return (evaluated?.names ?? []).filter((name) => exportableName(name) && !own.has(name)).sort();
}

/** The names of the package's `require` file that the ES module (the main entry for an import) lacks. */
async function requireFileNames(request: RequireNamesRequest): Promise<string[]> {
  if (!request.exports.includes('default')) return [];
  const has = { has: (p: string) => request.files.has(p) };
  const imported = exportsTarget(request.manifest['exports'], '.', request.conditions);
  const importFile = imported ? probeFile(has, joinPackagePath('/', imported) ?? '') : null;
  if (importFile !== request.entry) return [];
  const required = requireEntry(request.manifest, has, '');
  const stored = required && required !== request.entry ? request.files.get(required) : undefined;
  if (!required || !stored) return [];
  const found = await withRuntimeExports(await cjsExports(required, await readStoredText(stored), request.reader), {
    name: request.name,
    manifest: request.manifest,
    entry: required,
    files: request.files,
    replacements: browserMap(request.manifest, has),
    dependencies: request.dependencies,
  });
  const own = new Set(request.exports);
  return found.names.filter((name) => !own.has(name));
}

/** The wrapper entry: everything of the ES module, and the names read from the export holding them. */
export function propertiesWrapper(entry: string, exportNames: readonly string[], names: readonly string[], from: NamesSource, stringNames = true): string {
  const target = JSON.stringify(entry);
  const lines = [`export * from ${target};`];
  // `export *` leaves default out; the wrapper's own binding has a name no export takes.
  if (exportNames.includes('default')) lines.push(`export { default } from ${target};`);
  lines.push(
    `import { ${JSON.stringify(from)} as $$holder } from ${target};`,
    'const $$value = $$holder ?? {};',
    ...exportPropertiesOf('$$value', names, stringNames),
  );
  return lines.join('\n');
}

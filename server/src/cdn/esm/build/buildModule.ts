/**
 * One ES module build of one file of a package version: esbuild bundles the package's own modules into one
 * minified file with a source map; a CommonJS entry is built a second time behind a wrapper that re-exports
 * its named exports. Builds that take longer than the time limit are cancelled.
 */
import * as esbuild from 'esbuild';
import { esmBanner } from './banner.ts';
import { keyLabel, mapReference, type BuildKey } from '../resolve/buildKey.ts';
import { stringExportNames, type EsmOptions } from '../../../cdnUrl/esmOptions.ts';
import { runtimeBuildOptions } from './runtimeTarget.ts';
import { cjsExports, exportPropertiesOf, type CjsExports, type CjsSourceReader } from './cjsExports.ts';
import { browserMap, conditionsFor, dirnameOf, importsTarget, joinPackagePath, probeFile } from '../resolve/entry.ts';
import { packageFiles } from '../resolve/folderManifests.ts';
import { PACKAGE_NAMESPACE, packagePlugin, SETTLE_IMPORT, WRAPPER_ENTRY, type OptionalRequires, type PackageSource } from './packagePlugin.ts';
import { withRuntimeExports, type RuntimeExportsRequest } from './sandbox/runtimeExports.ts';
import type { PackageLoader } from './sandbox/dependencyPackages.ts';
import { entryStarReexports, nestedStarReexports, starWrapper, type ExternalImport } from './starReexports.ts';
import { propertiesWrapper, requireOnlyNames } from './requireNames.ts';
import { inBackground } from '../../../background/backgroundJob.ts';
import { vanishedFileAmong } from '../../serve/vanishedFiles.ts';
import { readStoredText } from '../../../packages/storedFile.ts';

export interface BuildRequest extends PackageSource {
  /** The package file to build ('/dist/index.js'). */
  entry: string;
  /**
   * The CommonJS file `main` names when `entry` came from `module` (`entry.ts`, mainAlternative): built
   * instead when it exports names the ES module lacks, as Node's import() and require() would give them.
   */
  mainEntry?: string | null;
  /** The generation of the builder making it (`../resolve/buildKey.ts`, BUILD_GENERATION unless a test says otherwise), named in its banner. */
  builder: number;
  timeoutMs: number;
  /**
   * Loads a dependency's exact version for the CommonJS sandbox (`sandbox/dependencyPackages.ts`), so that
   * names computed from a dependency's data come out; without it dependencies are stand-ins there.
   */
  loadPackage?: PackageLoader;
}

export interface BuiltModule {
  /** The file built: the request's entry, or its `mainEntry`. */
  entry: string;
  code: Buffer;
  map: Buffer;
  /** Names the module exports ('default' included when it has one). */
  exports: string[];
  /**
   * Builds of other packages it re-exports with `export *` from below its entry: their names are its names
   * too, linked by the browser (`starReexports.ts`, withStarNames).
   */
  stars?: string[];
}

/** A build that failed for a reason worth telling the person importing it. */
export class EsmBuildError extends Error {
  /** The names the module would have exported, as far as they can be told (`failedExports.ts`). */
  exports: string[] = ['default'];

  constructor(message: string) {
    super(message);
    this.name = 'EsmBuildError';
  }
}

function describeFailure(error: unknown): string {
  const failure = error as { errors?: esbuild.Message[] };
  if (Array.isArray(failure.errors) && failure.errors.length > 0) {
    return failure.errors
      .slice(0, 5)
      .map((m) => {
        const where = m.location ? `${m.location.file.replace(/^pkg:/, '')}:${m.location.line}:${m.location.column}: ` : '';
        return `${where}${m.text}`;
      })
      .join('\n');
  }
  return error instanceof Error ? error.message : String(error);
}

export async function runWithLimit(options: esbuild.BuildOptions, timeoutMs: number, label: string): Promise<esbuild.BuildResult> {
  const context = await esbuild.context(options);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EsmBuildError(`Building ${label} took longer than ${timeoutMs / 1000} seconds and was stopped.`)), timeoutMs);
    });
    return await Promise.race([context.rebuild(), timeout]);
  } catch (error) {
    if (error instanceof EsmBuildError) throw error;
    const vanished = vanishedFileAmong(((error as { errors?: esbuild.Message[] }).errors ?? []).map((message) => message.detail));
    if (vanished) throw vanished;
    throw new EsmBuildError(describeFailure(error));
  } finally {
    clearTimeout(timer);
    // Cancelling stops a build still running after the time limit; neither waits for the other.
    inBackground(
      'esm-build-dispose',
      context.cancel().finally(() => context.dispose()),
    );
  }
}

function wrapperFor(entry: string, found: CjsExports, options: EsmOptions): string {
  // The wrapper's own bindings have names no export takes (a package may well export `ns` or `esModule`).
  const lines = [`import * as $$cjs from ${JSON.stringify(entry)};`, 'export default $$cjs.default;'];
  lines.push(...exportPropertiesOf('$$cjs', found.names, stringExportNames(options)));
  if (found.esModule) lines.push('const $$esModule = true;', 'export { $$esModule as __esModule };');
  return lines.join('\n');
}

/** Source map sources named by their URLs on this CDN; generated helpers keep a descriptive name. */
function rewriteMap(mapText: string, packageUrl: string): Buffer {
  const map = JSON.parse(mapText) as { sources: string[]; file?: string };
  map.sources = map.sources.map((s) =>
    s.startsWith(`${PACKAGE_NAMESPACE}:`) ? `${packageUrl}${s.slice(PACKAGE_NAMESPACE.length + 1)}` : s.replace(/^.*?builtins\//, 'node-built-in:'),
  );
  map.file = '+esm';
  return Buffer.from(JSON.stringify(map));
}

function entryExports(result: esbuild.BuildResult): string[] {
  return [...(Object.values(result.metafile?.outputs ?? {}).find((o) => o.entryPoint !== undefined)?.exports ?? [])];
}

/**
 * What every module build of a package's files has in common, a single file's and a version's entry points
 * built together (`sharedBuild.ts`): one minified browser ES module with an external map, the definitions and
 * the free `process` global.
 */
export function moduleBuildOptions(key: BuildKey): esbuild.BuildOptions {
  const { options } = key;
  return {
    bundle: true,
    write: false,
    format: 'esm',
    // Default ES2022, what every current browser runs; `?target` lowers syntax further, or builds for Deno
    // (`esmOptions.ts`); the free globals injected are the browser's stand-ins or Deno's own (`runtimeTarget.ts`).
    ...runtimeBuildOptions(options),
    minify: true,
    sourcemap: 'external',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'eof',
    absWorkingDir: '/',
    define: { 'process.env.NODE_ENV': options.dev ? '"development"' : '"production"', global: 'globalThis' },
  };
}

/** The package's own files a CommonJS module requires, read for the lexer (relative paths and `#imports`). */
export function packageSourceReader(request: PackageSource): CjsSourceReader {
  const options: EsmOptions = request.key.options;
  const files = packageFiles((p) => request.files.has(p), request.folders, request.manifest);
  return {
    read: async (fromFile, specifier) => {
      // A subpath import ('#internal') mapped to a file of the package is followed from the package root.
      const mapped = specifier.startsWith('#') ? importsTarget(request.manifest['imports'], specifier, conditionsFor(options)) : null;
      const relative = mapped?.startsWith('./') ? mapped : specifier;
      if (!relative.startsWith('.')) return null;
      const joined = joinPackagePath(mapped ? '/' : dirnameOf(fromFile), relative);
      const file = joined ? probeFile(files, joined) : null;
      const stored = file ? request.files.get(file) : undefined;
      return file && stored ? { file, source: await readStoredText(stored) } : null;
    },
  };
}

export async function buildModule(request: BuildRequest): Promise<BuiltModule> {
  const { key } = request;
  const label = keyLabel(key, request.entry);
  const packageUrl = `/npm/${key.name}@${key.version}`;
  const externals: ExternalImport[] = [];
  const optional: OptionalRequires = { found: new Set(), settled: null };
  const base = (commonJs: boolean, wrapper: string | null): esbuild.BuildOptions => ({
    ...moduleBuildOptions(key),
    entryPoints: [wrapper === null ? request.entry : WRAPPER_ENTRY],
    outfile: 'out/+esm.js',
    banner: { js: esmBanner(`${packageUrl}${request.entry}`, commonJs, request.builder) },
    plugins: [packagePlugin(request, wrapper, externals, optional)],
  });

  const reader = packageSourceReader(request);
  const dependencies = request.loadPackage ? { resolve: request.resolveDependency, load: request.loadPackage } : undefined;
  const sandboxRequest: RuntimeExportsRequest = {
    name: key.name,
    manifest: request.manifest,
    entry: request.entry,
    files: request.files,
    replacements: browserMap(request.manifest, { has: (p) => request.files.has(p) }),
    dependencies,
  };
  let result = await runWithLimit(base(false, null), request.timeoutMs, label);
  const entryFormat = result.metafile?.inputs[`${PACKAGE_NAMESPACE}:${request.entry}`]?.format;
  // Other packages re-exported with `export *`, below the entry or by the entry itself (which stays in the
  // module, where the browser links it): their names are the build's too, though esbuild does not list them.
  const nested = entryFormat === 'cjs' ? [] : await nestedStarReexports(result.metafile, request.entry, PACKAGE_NAMESPACE, request.files, externals);
  const own = entryFormat === 'cjs' ? [] : await entryStarReexports(request.entry, request.files, externals);
  const stars = [...new Set([...own, ...nested])];
  if (entryFormat !== 'cjs' && request.mainEntry && stars.length === 0) {
    // Node loads `main`: when it names exports the `module` file lacks (punycode's `version` and `ucs2`;
    // esquery's minified UMD file, whose names only evaluation reads), the build is of `main`, so an import
    // gets every name Node gives. Not when the module re-exports other packages: their names, which `main`
    // copies (tslib's `__exportStar`), are the module's too (@walletconnect/jsonrpc-utils).
    const names = new Set(entryExports(result));
    const main = request.mainEntry;
    const stored = request.files.get(main);
    const lexed = stored ? await cjsExports(main, await readStoredText(stored), reader) : null;
    const mainNames = lexed ? (await withRuntimeExports(lexed, { ...sandboxRequest, entry: main })).names : [];
    if (mainNames.some((name) => !names.has(name))) return buildModule({ ...request, entry: main, mainEntry: null });
  }
  if (entryFormat !== 'cjs') {
    // Behind a wrapper the entry is no longer the module a page links, so the wrapper re-exports its stars too.
    if (nested.length) result = await runWithLimit(base(false, starWrapper(request.entry, entryExports(result), stars)), request.timeoutMs, label);
    else if (own.length === 0) {
      // An entry re-exporting another package (redux-saga's `export * from '@redux-saga/core'`) has that
      // package's names from its build, which a `require` file copying them (its `Object.keys(...).forEach`)
      // names too: read from the default export instead, they would shadow the real ones with undefined.
      // Names Node's require() gives, held by the ES module's "module.exports" export or default (yargs-parser).
      const extra = await requireOnlyNames({
        name: key.name,
        manifest: request.manifest,
        files: request.files,
        entry: request.entry,
        exports: entryExports(result),
        conditions: conditionsFor(key.options),
        reader,
        dependencies,
      });
      if (extra)
        result = await runWithLimit(
          base(false, propertiesWrapper(request.entry, entryExports(result), extra.names, extra.from, stringExportNames(key.options))),
          request.timeoutMs,
          label,
        );
    }
  }
  if (entryFormat === 'cjs') {
    const source = await readStoredText(request.files.get(request.entry)!);
    // Names attached at run time (lodash's functions), computed keys and Object.assign come from evaluating
    // the file in the sandbox; the lexer's stay (`sandbox/runtimeExports.ts`).
    const found = await withRuntimeExports(await cjsExports(request.entry, source, reader), sandboxRequest);
    // Optional packages it requires are loaded first, so that each require() of one can fail on its own.
    optional.settled = new Set(optional.found);
    const settle = optional.settled.size > 0 ? `import ${JSON.stringify(SETTLE_IMPORT)};\n` : '';
    result = await runWithLimit(base(true, settle + wrapperFor(request.entry, found, key.options)), request.timeoutMs, label);
  }
  const outputs = result.outputFiles ?? [];
  const js = outputs.find((f) => f.path.endsWith('.js'));
  const map = outputs.find((f) => f.path.endsWith('.map'));
  if (!js || !map) throw new EsmBuildError(`The build of ${label} produced no output.`);
  const code = `${js.text.replace(/\n*$/, '')}\n//# sourceMappingURL=${mapReference(key)}\n`;
  const built: BuiltModule = { entry: request.entry, code: Buffer.from(code), map: rewriteMap(map.text, packageUrl), exports: entryExports(result).sort() };
  return stars.length ? { ...built, stars } : built;
}

/**
 * The esbuild plugin that makes a build see one package version and nothing else: its files come from the
 * package layer's extracted version (never from this server's own node_modules), its own modules are
 * bundled, its own dynamic imports become imports of their own builds, other packages become imports of
 * their builds at exact versions, and Node built-ins become browser stand-ins (in a Deno build, Deno's own
 * `node:` modules: `runtimeTarget.ts`).
 */
import type { Loader, OnResolveResult, Plugin } from 'esbuild';
import { PackageError, type StoredFile } from '../../../packages/types.ts';
import {
  builtinCompleted,
  builtinModuleSource,
  builtinName,
  builtinParts,
  builtinPolyfill,
  GLOBAL_SHIM_PATHS,
  BUFFER_SHIM_PATH,
  honestGlobalChecks,
  POLYFILL_IMPORT_PREFIX,
} from './builtins.ts';
import { importedKey, keyLabel, moduleUrl, type BuildKey } from '../resolve/buildKey.ts';
import { declaredDependency } from '../resolve/depUrl.ts';
import { runtimeOf } from '../../../cdnUrl/esmOptions.ts';
import { DENO_FILES, NODE_REQUIRE, nodeBuiltinImport, nodeRequireSource, withModulePaths } from './runtimeTarget.ts';
import { BUILD_URL_PREFIX, type ExternalImport } from './starReexports.ts';
import { EMPTY_RESOLVE_DIR, expandTemplatePaths } from './templatePaths.ts';
import { ownRequiresToRequire } from './ownRequire.ts';
import { browserMap, conditionsFor, dirnameOf, importsTarget, joinPackagePath, probeFile, resolveEntry, splitBareSpecifier } from '../resolve/entry.ts';
import { packageFiles, type FolderManifests } from '../resolve/folderManifests.ts';
import { readStoredText } from '../../../packages/storedFile.ts';

export interface PackageSource {
  /** The build being made (`../resolve/buildKey.ts`): package, version, options. The URLs of what it imports come from it. */
  key: BuildKey;
  manifest: Record<string, unknown>;
  files: ReadonlyMap<string, StoredFile>;
  /** The exact version of a dependency for a declared range ('' = latest). Throws when it cannot be resolved. */
  resolveDependency(name: string, range: string): Promise<string>;
  /**
   * Entry points of the version that are modules of their own (file -> the subpath of their URL, '' for the
   * main entry): an import of one from another file's build is an import of that module, not a copy of it
   * (`sharedEntries.ts`). Absent in the build of the entry points themselves.
   */
  entryModules?: ReadonlyMap<string, string>;
  /** Folders with a package.json of their own (`folderManifests.ts`); none read when absent. */
  folders?: FolderManifests;
}

/** Namespaces of the modules the plugin serves. */
const PKG = 'pkg';
const WRAPPER = 'esm-wrapper';
const BUILTIN = 'node-builtin';
const DEP_BRIDGE = 'dep-bridge';
const DEP_NAMESPACE = 'dep-namespace';
const EMPTY = 'empty';
const MISSING = 'missing-package';
const SOFT_BRIDGE = 'optional-bridge';
const SETTLE = 'optional-settle';
const TABLE = 'optional-table';

/** What the CommonJS wrapper imports first when the package requires optional packages (`OptionalRequires`). */
export const SETTLE_IMPORT = `${SETTLE}:`;
const TABLE_IMPORT = `${TABLE}:`;

/**
 * `require()` of an optional package (`optionalDependencies`, an optional peer, or not declared at all, as
 * esbuild's `try { require('pnpapi') } catch {}`) must fail where it runs, so that the `try` catches it. A
 * static import of its build cannot: a build that fails, or a package without JavaScript, fails the whole
 * module graph before any code runs. The first pass of a CommonJS build collects those URLs (`found`); the
 * wrapper pass gets them as `settled`: the wrapper imports them with `import()` under a top-level await
 * before the package's code runs, and each require() returns the module or throws why it did not load.
 */
export interface OptionalRequires {
  found: Set<string>;
  settled: ReadonlySet<string> | null;
}

/** Whether a package's requires of `name` may fail: it is optional, or the package does not declare it. */
export function optionalDependency(manifest: Record<string, unknown>, name: string): boolean {
  const has = (fieldName: string): boolean => {
    const value = manifest[fieldName];
    return !!value && typeof value === 'object' && Object.hasOwn(value, name);
  };
  // npm copies optionalDependencies into dependencies when it publishes: the optional list decides.
  if (has('optionalDependencies')) return true;
  const meta = manifest['peerDependenciesMeta'];
  const peerMeta = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[name] : undefined;
  if (has('peerDependencies')) return !!peerMeta && typeof peerMeta === 'object' && (peerMeta as Record<string, unknown>)['optional'] === true;
  return !has('dependencies');
}

/** The module a `require()` of an optional package gets: what its `import()` gave, by its place in the list. */
function optionalBridgeSource(url: string, index: number, label: string): string {
  return [
    `const { table } = require(${JSON.stringify(TABLE_IMPORT)});`,
    `const settled = table.get(${index});`,
    'if (settled === undefined || settled.error !== undefined)',
    `  throw new Error(${JSON.stringify(`Cannot load ${url}, required by ${label}: `)} + (settled === undefined ? 'not loaded' : String((settled.error && settled.error.message) || settled.error)));`,
    'const ns = settled.ns;',
    ...BRIDGE_TAIL,
  ].join('\n');
}

/** Loads the optional packages before the package's code runs; each outcome is kept by its place in the list. */
function settleSource(urls: Iterable<string>): string {
  const loads = [...urls].map((u) => `import(${JSON.stringify(`${BUILD_URL_PREFIX}${u}`)})`).join(', ');
  return [
    `import { table } from ${JSON.stringify(TABLE_IMPORT)};`,
    `await Promise.all([${loads}].map((load, i) => load.then((ns) => table.set(i, { ns }), (error) => table.set(i, { error }))));`,
  ].join('\n');
}

export const WRAPPER_ENTRY = 'esm-wrapper:entry';

const LOADERS: Record<string, Loader> = {
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'jsx',
  ts: 'ts',
  mts: 'ts',
  cts: 'ts',
  tsx: 'tsx',
  json: 'json',
  css: 'empty',
  txt: 'text',
};

function loaderFor(file: string): Loader | null {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return Object.hasOwn(LOADERS, ext) ? (LOADERS[ext] ?? null) : null;
}

/**
 * Bridges a `require()` of another package to the import of its build. A build of a CommonJS package
 * exports its `module.exports` as default, beside the same values by name: that is what require returns.
 * Any other module's require returns the namespace.
 */
const BRIDGE_TAIL = [
  'const d = ns.default;',
  "const whole = d !== null && (typeof d === 'object' || typeof d === 'function') && Object.keys(ns).every((k) => k === 'default' || ns[k] === d[k]);",
  // Node's require() of an ES module with a default export gives its namespace marked __esModule, as bundlers
  // do, so Babel's interop helpers take `default` for the default export (@mui/system requiring @mui/styled-engine).
  'const marked = () => { const o = { __esModule: true }; for (const k of Object.keys(ns)) Object.defineProperty(o, k, { enumerable: true, get: () => ns[k] }); return o; };',
  // An ES module says what require() of it gives with the export "module.exports", as Node does.
  "module.exports = Object.hasOwn(ns, 'module.exports') ? ns['module.exports'] : whole ? d : Object.hasOwn(ns, 'default') && !Object.hasOwn(ns, '__esModule') ? marked() : ns;",
];

function bridgeSource(url: string): string {
  return [`const { ns } = require(${JSON.stringify(`${DEP_NAMESPACE}:${url}`)});`, ...BRIDGE_TAIL].join('\n');
}

/**
 * `externals`, when given, receives every import of another package's build made by a package file
 * (`starReexports.ts` reads it).
 */
export function packagePlugin(source: PackageSource, wrapperSource: string | null, externals?: ExternalImport[], optional?: OptionalRequires): Plugin {
  const { key } = source;
  const label = keyLabel(key, '');
  const files = packageFiles((p) => source.files.has(p), source.folders, source.manifest);
  const replacements = browserMap(source.manifest, files);
  const conditions = conditionsFor(key.options);
  const deno = runtimeOf(key.options) === 'deno';
  /** The URL of a build this one imports: a dependency's, or a file of its own version's. */
  const importUrl = (name: string, version: string, subpath: string): string => moduleUrl(importedKey(key, name, version, subpath));
  const ownUrl = (subpath: string): string => importUrl(key.name, key.version, subpath);

  const readText = async (file: string): Promise<string> => {
    const stored = source.files.get(file);
    if (!stored) throw new Error(`${label} has no file ${file}`);
    return readStoredText(stored);
  };

  /**
   * A file of the package that an import or require() reaches: its entry point's module when it is one (a
   * require() of it bridged like a dependency's, as react-dom/client requires react-dom), else bundled.
   */
  const ownFile = (file: string, kind: string): OnResolveResult => {
    const subpath = source.entryModules?.get(file);
    if (subpath === undefined || (kind !== 'import-statement' && kind !== 'require-call')) return { path: file, namespace: PKG };
    const url = ownUrl(subpath);
    return kind === 'require-call' ? { path: url, namespace: DEP_BRIDGE } : { path: url, external: true };
  };

  const replaced = (file: string): string | false => {
    const target = replacements.get(file);
    return target === undefined ? file : target === false ? false : (probeFile(files, target) ?? file);
  };

  /**
   * A built-in's browser module: the build of its polyfill package, required through the bridge whether the
   * package imports or requires it (the polyfills are CommonJS: `import { EventEmitter } from 'events'` then
   * reads the property of module.exports, which a static import of the build would not export by name).
   * A polyfill the registry does not have leaves the stand-in; the polyfill package itself gets the stand-in
   * too, so that it never imports itself.
   */
  const builtinModule = async (builtin: string): Promise<OnResolveResult> => {
    const parts = builtinParts(builtin);
    if (parts && !Object.values(parts).some((part) => part.name === key.name)) {
      // A module of ours made of several polyfill packages' builds; without one of them, the stand-in.
      try {
        const urls: Record<string, string> = {};
        for (const [role, part] of Object.entries(parts))
          urls[role] = importUrl(part.name, await source.resolveDependency(part.name, part.version), part.subpath);
        return { path: builtin, namespace: BUILTIN, pluginData: urls };
      } catch (error) {
        if (!(error instanceof PackageError && error.status === 404)) {
          const why = error instanceof Error ? error.message : String(error);
          return { errors: [{ text: `${label} imports the Node.js built-in "${builtin}", whose browser parts cannot be fetched: ${why}` }] };
        }
        return { path: builtin, namespace: BUILTIN };
      }
    }
    const polyfill = builtinPolyfill(builtin);
    if (polyfill && polyfill.name !== key.name) {
      try {
        const version = await source.resolveDependency(polyfill.name, polyfill.version);
        const url = importUrl(polyfill.name, version, polyfill.subpath);
        // A polyfill lacking names of Node's module is required by a module of ours that adds them.
        if (builtinCompleted(builtin)) return { path: builtin, namespace: BUILTIN, pluginData: url };
        return { path: url, namespace: DEP_BRIDGE };
      } catch (error) {
        if (!(error instanceof PackageError && error.status === 404)) {
          const why = error instanceof Error ? error.message : String(error);
          return {
            errors: [
              {
                text: `${label} imports the Node.js built-in "${builtin}", whose browser version ${polyfill.name}@${polyfill.version} cannot be fetched: ${why}`,
              },
            ],
          };
        }
      }
    }
    return { path: builtin, namespace: BUILTIN };
  };

  const bufferGlobal = async (): Promise<OnResolveResult> => {
    const polyfill = builtinPolyfill('buffer');
    if (polyfill && polyfill.name !== key.name) {
      try {
        const version = await source.resolveDependency(polyfill.name, polyfill.version);
        return { path: importUrl(polyfill.name, version, polyfill.subpath), external: true, sideEffects: false };
      } catch (error) {
        if (!(error instanceof PackageError && error.status === 404)) throw error;
      }
    }
    return { path: 'buffer', namespace: BUILTIN, sideEffects: false };
  };

  return {
    name: 'package-version',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        // The injected `Buffer` is the class of the buffer polyfill's build, imported as a module of its own
        // (no CommonJS bridge) and free of side effects, so that a build not reading `Buffer` drops it.
        if (args.importer === BUFFER_SHIM_PATH) return bufferGlobal();
        // Deno's globals are its own `node:` modules, free of side effects: a build that reads none imports none.
        if (DENO_FILES.includes(args.importer)) return args.path.startsWith('node:') ? { path: args.path, external: true, sideEffects: false } : undefined;
        // The stand-ins injected for free globals (`process`) are files of ours.
        if ([...GLOBAL_SHIM_PATHS, ...DENO_FILES].includes(args.path) || GLOBAL_SHIM_PATHS.includes(args.importer)) return undefined;
        if (args.kind === 'entry-point') {
          return args.path === WRAPPER_ENTRY ? { path: args.path, namespace: WRAPPER } : { path: args.path, namespace: PKG };
        }
        let specifier = args.path;
        if (args.namespace === DEP_BRIDGE || args.namespace === NODE_REQUIRE)
          return { path: specifier.slice(DEP_NAMESPACE.length + 1), namespace: DEP_NAMESPACE };
        if (args.namespace === DEP_NAMESPACE || /^(https?|data):/i.test(specifier)) return { path: specifier, external: true };
        if ((args.namespace === WRAPPER || args.namespace === SETTLE) && specifier.startsWith(BUILD_URL_PREFIX))
          return { path: specifier.slice(BUILD_URL_PREFIX.length), external: true };
        if (specifier === SETTLE_IMPORT) return { path: 'settle', namespace: SETTLE };
        if (specifier === TABLE_IMPORT) return { path: 'table', namespace: TABLE };
        if (args.namespace === BUILTIN && specifier.startsWith(POLYFILL_IMPORT_PREFIX))
          return { path: specifier.slice(POLYFILL_IMPORT_PREFIX.length), namespace: DEP_BRIDGE };
        if (args.namespace === BUILTIN) return { errors: [{ text: `Stand-in modules import nothing (asked for "${specifier}").` }] };

        const importer = args.namespace === PKG ? args.importer : '/';
        let importerFile = importer;
        if (specifier.startsWith('#')) {
          // Subpath imports are the package's private aliases: a file of its own, a built-in or a dependency.
          const target = importsTarget(source.manifest['imports'], specifier, conditions);
          if (!target)
            return { errors: [{ text: `${label} imports "${specifier}", which the "imports" field of its package.json does not map for browsers.` }] };
          if (target.startsWith('.') || target.startsWith('/')) {
            if (!target.startsWith('./')) return { errors: [{ text: `${label} maps "${specifier}" to "${target}", which is not a file of the package.` }] };
            importerFile = '/';
          }
          specifier = target;
        }

        if (specifier.startsWith('.') || specifier.startsWith('/')) {
          const joined = specifier.startsWith('/') ? joinPackagePath('/', specifier) : joinPackagePath(dirnameOf(importerFile), specifier);
          const found = joined ? probeFile(files, joined) : null;
          if (!found) return { errors: [{ text: `Cannot find "${specifier}" imported by ${importer} in ${label}.` }] };
          const file = replaced(found);
          if (file === false) return { path: found, namespace: EMPTY };
          if (args.kind === 'dynamic-import') return { path: ownUrl(file), external: true };
          return ownFile(file, args.kind);
        }

        const builtin = builtinName(specifier);
        if (builtin !== null) {
          const mapped = replacements.get(specifier) ?? replacements.get(builtin);
          if (mapped === false) return { path: builtin, namespace: EMPTY };
          if (typeof mapped !== 'string') return deno ? nodeBuiltinImport(builtin, args.kind) : builtinModule(builtin);
        }

        const mapped = replacements.get(specifier);
        if (mapped === false) return { path: specifier, namespace: EMPTY };
        if (typeof mapped === 'string' && mapped.startsWith('/')) {
          // A package swapped for a file of this package ("ws": "./lib/browser-ws.js").
          const file = probeFile(files, mapped);
          if (!file) return { errors: [{ text: `${label} maps "${specifier}" to ${mapped} in its browser field, a file it does not have.` }] };
          return args.kind === 'dynamic-import' ? { path: ownUrl(file), external: true } : { path: file, namespace: PKG };
        }
        const { name, subpath } = splitBareSpecifier(typeof mapped === 'string' && !mapped.startsWith('/') ? mapped : specifier);
        if (name === key.name) {
          // A package importing itself by name: its own files, as `exports` maps them.
          const file = resolveEntry(source.manifest, files, subpath, conditions);
          if (!file) return { errors: [{ text: `${label} imports "${specifier}", which it does not export.` }] };
          if (args.kind === 'dynamic-import') return { path: ownUrl(file), external: true };
          return ownFile(file, args.kind);
        }
        const declared = declaredDependency(source.manifest, name);
        let version: string;
        try {
          version = await source.resolveDependency(declared.name, declared.range);
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          // `try { require('optional') } catch {}` is common: a require of a package the registry does not have throws
          // when it runs, as in Node. Upstream trouble is not that: it fails this build, which is not stored.
          const missing = error instanceof PackageError && error.status === 404;
          if (missing && args.kind === 'require-call') return { path: specifier, namespace: MISSING, pluginData: why };
          return { errors: [{ text: `${label} imports "${specifier}" (${declared.range || 'any version'}), which cannot be resolved: ${why}` }] };
        }
        const url = importUrl(declared.name, version, subpath);
        if (args.kind === 'require-call' && optional && optionalDependency(source.manifest, name)) {
          optional.found.add(url);
          if (optional.settled?.has(url)) return { path: url, namespace: SOFT_BRIDGE };
        }
        if (args.kind === 'require-call') return { path: url, namespace: DEP_BRIDGE };
        if (args.namespace === PKG && args.kind === 'import-statement') externals?.push({ importer: args.importer, specifier: args.path, url });
        return { path: url, external: true };
      });

      build.onLoad({ filter: /.*/, namespace: PKG }, async (args) => {
        const loader = loaderFor(args.path);
        if (!loader) return { errors: [{ text: `${label}: cannot bundle ${args.path} (unknown file type).` }] };
        let contents = await readText(args.path);
        if (loader !== 'json' && loader !== 'empty' && loader !== 'text') {
          // Keep import.meta.url pointing at the original file on this CDN, so sibling assets and workers load.
          const original = `/npm/${key.name}@${key.version}${args.path}`;
          contents = ownRequiresToRequire(contents);
          contents = contents.replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(original)}, import.meta.url).href`);
          contents = deno ? withModulePaths(contents, original) : honestGlobalChecks(contents);
          contents = expandTemplatePaths(contents, args.path, source.files.keys());
        }
        // A folder with no files: esbuild reads the globs of template paths left unexpanded from a module's
        // folder on the disk, which must never be the server's own (templatePaths.ts).
        return { contents, loader, resolveDir: EMPTY_RESOLVE_DIR };
      });
      build.onLoad({ filter: /.*/, namespace: WRAPPER }, () => ({ contents: wrapperSource ?? '', loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: BUILTIN }, (args) => ({
        contents: builtinModuleSource(args.path, label, args.pluginData as string | Record<string, string> | undefined),
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: DEP_BRIDGE }, (args) => ({ contents: bridgeSource(args.path), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: NODE_REQUIRE }, (args) => ({ contents: nodeRequireSource(`${DEP_NAMESPACE}:${args.path}`), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: SOFT_BRIDGE }, (args) => ({
        contents: optionalBridgeSource(args.path, [...(optional?.settled ?? [])].indexOf(args.path), label),
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: SETTLE }, () => ({ contents: settleSource(optional?.settled ?? []), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: TABLE }, () => ({ contents: 'export const table = new Map();', loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: DEP_NAMESPACE }, (args) => ({
        contents: `import * as ns from ${JSON.stringify(args.path)};\nexport { ns };`,
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: MISSING }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`Cannot find module "${args.path}" required by ${label}: ${String(args.pluginData)}`)});`,
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: EMPTY }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
}

export const PACKAGE_NAMESPACE = PKG;

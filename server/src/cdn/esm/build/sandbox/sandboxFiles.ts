/**
 * What a module evaluated in the sandbox may require and read: the evaluated package's own files, and the
 * files of the dependency packages loaded for the run, each reachable only from a package that declares it
 * (`dependencies`, `optionalDependencies`, `peerDependencies`) and linked to it by the host. Answers are the
 * prelude's words (`sandboxPrelude.ts`): `file:{id}` for a file of the same package, `dep:{id}` for the file
 * of a declared dependency, `empty:`, `stub:{name}`, `missing:`. A file's text is given only for an id this
 * resolver answered (or the entry): no other path of the disk, nor of a package no one declared, is read.
 *
 * The evaluated package keeps the build's view (its `browser` field swaps, its `exports` with the browser
 * conditions). A dependency is resolved as its own build resolves it for a page, since that is what the
 * module meets there, but to a file `require()` can load: `exports` with the `browser`, `require`, `default`
 * and `production` conditions, else a string `browser` field, else `main`; its `browser` field object swaps
 * its files. So depd is its browser version (a no-op), not the Node one that reads V8's call sites while
 * http-errors loads.
 */
import {
  dirnameOf,
  exportsTarget,
  importsTarget,
  joinPackagePath,
  probeFile,
  resolveEntry,
  splitBareSpecifier,
  type PackageFiles,
} from '../../resolve/entry.ts';
import { builtinName } from '../builtins.ts';
import type { SandboxJob, SandboxSource, WantedPackage } from './sandboxJob.ts';

/** Where a dependency's files appear to the modules (`/node_modules/{name}@{version}/...`), as Node names them. */
export const DEPENDENCY_ROOT = '/node_modules/';

/** How a package's file for `require()` is picked: `exports` conditions, then these fields, then `index`. */
export interface RequireResolution {
  conditions: ReadonlySet<string>;
  fields: readonly string[];
}

/** Node's own `require()`. */
export const NODE_REQUIRE: RequireResolution = { conditions: new Set(['require', 'node', 'default']), fields: ['main'] };

/** A dependency as its build for a page resolves it, in a file `require()` can load. */
const DEPENDENCY_REQUIRE: RequireResolution = { conditions: new Set(['browser', 'require', 'default', 'production']), fields: ['browser', 'main'] };

const DECLARING_FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** Whether the manifest declares `name` as a package it needs at run time (devDependencies are not installed). */
export function declaresDependency(manifest: Record<string, unknown>, name: string): boolean {
  return DECLARING_FIELDS.some((field) => {
    const value = manifest[field];
    return !!value && typeof value === 'object' && Object.hasOwn(value, name);
  });
}

/** The file `require('{name}{subpath}')` loads in a package (Node's resolution unless told); null when none. */
export function requireEntry(manifest: Record<string, unknown>, files: PackageFiles, subpath: string, how: RequireResolution = NODE_REQUIRE): string | null {
  const fromExports = exportsTarget(manifest['exports'], subpath ? `.${subpath}` : '.', how.conditions);
  if (fromExports !== undefined) {
    const joined = fromExports ? joinPackagePath('/', fromExports) : null;
    return joined ? probeFile(files, joined) : null;
  }
  if (subpath) {
    const joined = joinPackagePath('/', subpath);
    return joined ? probeFile(files, joined) : null;
  }
  for (const field of how.fields) {
    const value = manifest[field];
    const file = typeof value === 'string' && value.trim() ? probeFile(files, joinPackagePath('/', value) ?? '') : null;
    if (file) return file;
  }
  return probeFile(files, '/index');
}

interface Scope {
  /** '' for the evaluated package, `name@version` for a dependency. */
  key: string;
  /** What its files' ids start with: '' or `/node_modules/{key}`. */
  prefix: string;
  name: string;
  manifest: Record<string, unknown>;
  files: Map<string, SandboxSource>;
  has: PackageFiles;
  replacements: Map<string, string | false>;
}

export interface SandboxFiles {
  resolve(from: string, specifier: string): string;
  /** The source of a file id this resolver answered, or of the entry; undefined for anything else. */
  source(id: string): SandboxSource | undefined;
  /** Declared dependencies required during the run that it did not have, in the order first met. */
  readonly wanted: WantedPackage[];
}

function scopeOf(
  key: string,
  prefix: string,
  name: string,
  manifest: Record<string, unknown>,
  files: SandboxJob['files'],
  replacements: SandboxJob['replacements'],
): Scope {
  const map = new Map(files);
  // The package root is a folder a file may require (`require("../")`): its manifest's `main`, as in Node.
  const has: PackageFiles = { has: (p) => map.has(p), folderManifest: (folder) => (folder === '' ? manifest : null) };
  return { key, prefix, name, manifest, files: map, has, replacements: new Map(replacements) };
}

export function sandboxFiles(job: SandboxJob): SandboxFiles {
  const root = scopeOf('', '', job.name, job.manifest, job.files, job.replacements);
  const dependencies = (job.packages ?? []).map((p) => scopeOf(p.key, `${DEPENDENCY_ROOT}${p.key}`, p.name, p.manifest, p.files, p.replacements));
  const byKey = new Map(dependencies.map((scope) => [scope.key, scope]));
  const links = new Map((job.links ?? []).map(([from, name, key]) => [`${from}\n${name}`, key]));
  const granted = new Set<string>([job.entry]);
  const wanted: WantedPackage[] = [];
  const wantedKeys = new Set<string>();

  const locate = (id: string): [Scope, string] => {
    if (id.startsWith(DEPENDENCY_ROOT)) {
      for (const scope of dependencies) if (id.startsWith(`${scope.prefix}/`)) return [scope, id.slice(scope.prefix.length)];
    }
    return [root, id];
  };

  const answer = (kind: 'file' | 'dep', scope: Scope, file: string): string => {
    const target = scope.replacements.get(file);
    if (target === false) return 'empty:';
    const swapped = target === undefined ? file : (probeFile(scope.has, target) ?? file);
    const id = `${scope.prefix}${swapped}`;
    granted.add(id);
    return `${kind}:${id}`;
  };

  const resolve = (from: string, specifier: string): string => {
    const [scope, local] = locate(from);
    const isRoot = scope === root;
    let base = dirnameOf(local);
    let request = specifier;
    if (request.startsWith('#')) {
      const target = importsTarget(scope.manifest['imports'], request, isRoot ? undefined : DEPENDENCY_REQUIRE.conditions);
      if (!target) return 'missing:';
      if (target.startsWith('./')) base = '/';
      request = target;
    }
    if (request.startsWith('.') || request.startsWith('/')) {
      // An absolute path is taken inside the requiring package: nothing outside it is ever read.
      const joined = joinPackagePath(request.startsWith('/') ? '/' : base, request);
      const found = joined ? probeFile(scope.has, joined) : null;
      return found ? answer('file', scope, found) : 'missing:';
    }
    const builtin = builtinName(request);
    const mapped = scope.replacements.get(request) ?? (builtin !== null ? scope.replacements.get(builtin) : undefined);
    if (mapped === false) return 'empty:';
    if (builtin !== null) return `stub:${builtin}`;
    const { name, subpath } = splitBareSpecifier(request);
    if (name === scope.name) {
      const own = isRoot ? resolveEntry(scope.manifest, scope.has, subpath) : requireEntry(scope.manifest, scope.has, subpath, DEPENDENCY_REQUIRE);
      return own ? answer('file', scope, own) : 'missing:';
    }
    // Another package is read only when the requiring package declares it and the host loaded it for that link.
    if (!declaresDependency(scope.manifest, name)) return `stub:${request}`;
    const linked = links.get(`${scope.key}\n${name}`);
    const dependency = linked === undefined ? undefined : byKey.get(linked);
    if (!dependency) {
      const wantedKey = `${scope.key}\n${name}`;
      if (!wantedKeys.has(wantedKey)) {
        wantedKeys.add(wantedKey);
        wanted.push({ from: scope.key, name });
      }
      return `stub:${request}`;
    }
    const file = requireEntry(dependency.manifest, dependency.has, subpath, DEPENDENCY_REQUIRE);
    return file ? answer('dep', dependency, file) : `stub:${request}`;
  };

  return {
    resolve,
    source(id) {
      if (!granted.has(id)) return undefined;
      const [scope, local] = locate(id);
      return scope.files.get(local);
    },
    wanted,
  };
}

/**
 * Which file of a package an ES module build starts from, and how the package's own specifiers map to its
 * files: `exports` (browser, import, module and default conditions; subpaths and `*` patterns), then a
 * string `browser` field, `module`, `jsnext:main`, `main`, then `index.js`; a path names a file directly, with the extensions and
 * folder indexes Node and bundlers try.
 */

import { runtimeOf, type EsmOptions, type EsmRuntime } from '../../../cdnUrl/esmOptions.ts';

/** Conditions a browser build honours, in no particular order: the package's own key order decides. */
export const BROWSER_CONDITIONS: ReadonlySet<string> = new Set(['browser', 'import', 'module', 'default', 'production']);

/**
 * The conditions of a Deno build: Deno's own and Node's (Deno runs Node's built-ins), never `browser`, whose
 * files may read `document` or `window` (micromark's character decoder), which Deno has not.
 */
const DENO_CONDITIONS: ReadonlySet<string> = new Set(['deno', 'node', 'import', 'module', 'default', 'production']);

const forDevelopment = (conditions: ReadonlySet<string>): ReadonlySet<string> =>
  new Set([...conditions].filter((c) => c !== 'production').concat('development'));
const CONDITIONS: Readonly<Record<EsmRuntime, { production: ReadonlySet<string>; development: ReadonlySet<string> }>> = {
  browser: { production: BROWSER_CONDITIONS, development: forDevelopment(BROWSER_CONDITIONS) },
  deno: { production: DENO_CONDITIONS, development: forDevelopment(DENO_CONDITIONS) },
};

/**
 * The `exports` conditions a build with these options honours. The package.json `browser` field is read only
 * where the `browser` condition is (`filesFor` in `resolveBuild.ts`).
 */
export function conditionsFor(options: Pick<EsmOptions, 'dev' | 'target'>): ReadonlySet<string> {
  const set = CONDITIONS[runtimeOf(options)];
  return options.dev ? set.development : set.production;
}

const EXTENSIONS = ['', '.js', '.mjs', '.cjs', '.json', '.jsx'];
const INDEXES = ['/index.js', '/index.mjs', '/index.cjs', '/index.json'];

export interface PackageFiles {
  has(path: string): boolean;
  /**
   * The package.json of a folder below the package root ('/addClass'), when it has one (`folderManifests.ts`):
   * dom-helpers, @babel/runtime and packages of that era point a folder at its real file this way. '' is the
   * package root itself, which a file names as a folder (htmlparser2's `require("../")`).
   */
  folderManifest?(folder: string): Record<string, unknown> | null;
}

/** Fields of a folder's own package.json that name its file, in the order browser bundlers read them. */
const FOLDER_FIELDS = ['browser', 'module', 'main'];

type ExportsValue = string | null | ExportsValue[] | { [key: string]: ExportsValue };

function asExportsValue(value: unknown): ExportsValue | undefined {
  if (value === null || typeof value === 'string' || Array.isArray(value) || (typeof value === 'object' && value !== null)) return value as ExportsValue;
  return undefined;
}

/** The target a conditional value selects: the first key (in the package's order) that is one of ours. */
export function conditionTarget(value: ExportsValue | undefined, conditions: ReadonlySet<string> = BROWSER_CONDITIONS): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const target = conditionTarget(item, conditions);
      if (target) return target;
    }
    return null;
  }
  for (const [key, nested] of Object.entries(value)) {
    if (!conditions.has(key)) continue;
    const target = conditionTarget(nested, conditions);
    if (target) return target;
  }
  return null;
}

/** `exports` as a subpath map: a bare string, array or condition object stands for ".". */
function subpathMap(exportsField: ExportsValue): Record<string, ExportsValue> | null {
  if (exportsField === null) return null;
  if (typeof exportsField === 'string' || Array.isArray(exportsField)) return { '.': exportsField };
  const keys = Object.keys(exportsField);
  if (keys.length > 0 && keys.every((k) => !k.startsWith('.'))) return { '.': exportsField };
  return exportsField;
}

/**
 * The target of a subpath ('.' or './x') in `exports`: exact keys, then `*` patterns (the longest prefix
 * wins), then legacy folder keys ending in '/'. Undefined when `exports` does not list the subpath.
 */
export function exportsTarget(exportsField: unknown, subpath: string, conditions: ReadonlySet<string> = BROWSER_CONDITIONS): string | null | undefined {
  const value = asExportsValue(exportsField);
  if (value === undefined) return undefined;
  const map = subpathMap(value);
  if (!map) return undefined;
  return mappedTarget(map, subpath, true, conditions);
}

/**
 * The target of a subpath import ('#name') in package.json `imports`, as Node resolves it: exact keys, then
 * `*` patterns, with the same conditions as `exports`. The target is a package file ('./x.js'), a Node
 * built-in or another package. Undefined when `imports` does not map the name.
 */
export function importsTarget(importsField: unknown, specifier: string, conditions: ReadonlySet<string> = BROWSER_CONDITIONS): string | null | undefined {
  if (!specifier.startsWith('#') || !importsField || typeof importsField !== 'object' || Array.isArray(importsField)) return undefined;
  const map = importsField as Record<string, ExportsValue>;
  const target = mappedTarget(map, specifier, false, conditions);
  // Node refuses a target that leaves the package: such a mapping resolves to nothing.
  if (target && target.startsWith('./') && joinPackagePath('/', target) === null) return null;
  return target;
}

function mappedTarget(map: Record<string, ExportsValue>, subpath: string, folderKeys: boolean, conditions: ReadonlySet<string>): string | null | undefined {
  if (Object.prototype.hasOwnProperty.call(map, subpath)) return conditionTarget(map[subpath], conditions);
  let best: { key: string; target: string | null } | null = null;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star !== -1) {
      const prefix = key.slice(0, star);
      const suffix = key.slice(star + 1);
      if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= key.length - 1) {
        if (!best || prefix.length > best.key.indexOf('*')) {
          const middle = subpath.slice(prefix.length, subpath.length - suffix.length);
          const target = conditionTarget(map[key], conditions);
          best = { key, target: target ? target.split('*').join(middle) : null };
        }
      }
    } else if (folderKeys && key.endsWith('/') && subpath.startsWith(key) && !best) {
      const target = conditionTarget(map[key], conditions);
      best = { key, target: target ? target + subpath.slice(key.length) : null };
    }
  }
  return best ? best.target : undefined;
}

/** './a/../b.js' against a base folder, as a package path ('/b.js'); null when it leaves the package. */
export function joinPackagePath(baseDir: string, relative: string): string | null {
  const parts = baseDir.split('/').filter(Boolean);
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

export function dirnameOf(packagePath: string): string {
  return packagePath.slice(0, packagePath.lastIndexOf('/')) || '/';
}

/** The file a package path stands for, trying extensions and folder indexes; null when there is none. */
export function probeFile(files: PackageFiles, packagePath: string): string | null {
  const base = packagePath.replace(/\/+$/, '');
  for (const ext of EXTENSIONS) if (base && files.has(base + ext)) return base + ext;
  const folder = files.folderManifest?.(base);
  if (folder) {
    // As esbuild and webpack do for a folder: its package.json's fields, relative to the folder, one level
    // deep (a field naming another such folder is not followed further, so no loop is possible).
    const plain = { has: (p: string) => files.has(p) };
    for (const name of FOLDER_FIELDS) {
      const value = folder[name];
      const joined = typeof value === 'string' && value.trim() !== '' ? joinPackagePath(base, value) : null;
      const file = joined ? probeFile(plain, joined) : null;
      if (file) return file;
    }
  }
  for (const index of INDEXES) if (files.has(base + index)) return base + index;
  return null;
}

function field(manifest: Record<string, unknown>, name: string): string | null {
  const value = manifest[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function fieldFile(manifest: Record<string, unknown>, files: PackageFiles, name: string): string | null {
  const value = field(manifest, name);
  const resolved = value ? joinPackagePath('/', value) : null;
  return resolved ? probeFile(files, resolved) : null;
}

/**
 * The file `main` names when the package's entry was taken from `module` (or `jsnext:main`) instead: what
 * Node's import() and require() load. The build compares their exports (`buildModule.ts`). Null otherwise.
 */
export function mainAlternative(manifest: Record<string, unknown>, files: PackageFiles, entry: string): string | null {
  if (exportsTarget(manifest['exports'], '.') || fieldFile(manifest, files, 'browser')) return null;
  if (entry !== fieldFile(manifest, files, 'module') && entry !== fieldFile(manifest, files, 'jsnext:main')) return null;
  const main = fieldFile(manifest, files, 'main') ?? probeFile(files, '/index');
  return main && main !== entry ? main : null;
}

/**
 * Whether the package ships each of its files twice, as CommonJS and as an ES module sibling (graphql: `main`
 * is `index`, `module` is `index.mjs`, and `graphql.js` has `graphql.mjs` beside it), with no `exports` to say
 * which a subpath means. Its ES module files are then its modules: a subpath takes the `.mjs` sibling
 * (`twinOf`), as the main entry does, so that a page importing `graphql` and `graphql/graphql` holds one
 * graphql, not an ES module one and a CommonJS one whose `instanceof` checks refuse each other's objects.
 */
export function hasModuleTwins(manifest: Record<string, unknown>, files: PackageFiles, conditions: ReadonlySet<string> = BROWSER_CONDITIONS): boolean {
  if (manifest['exports'] !== undefined) return false;
  const entry = resolveEntry(manifest, files, '', conditions);
  if (!entry?.endsWith('.mjs')) return false;
  const main = fieldFile(manifest, files, 'main') ?? probeFile(files, '/index');
  return main !== null && main !== entry && main.replace(/\.c?js$/, '') === entry.slice(0, -'.mjs'.length);
}

/** The ES module sibling of a file in a package with twins (`/graphql.js` -> `/graphql.mjs`), or the file itself. */
function twinOf(files: PackageFiles, file: string): string {
  const twin = file.replace(/\.c?js$/, '.mjs');
  return twin !== file && files.has(twin) ? twin : file;
}

/**
 * The file to build for a package (subpath '' or '/x/y'), or null when nothing matches. A subpath is first
 * looked up in `exports` ('./x/y'), then taken as a file path; a path without its extension takes the ES module
 * sibling in a package whose files have one (`hasModuleTwins`).
 */
export function resolveEntry(
  manifest: Record<string, unknown>,
  files: PackageFiles,
  subpath: string,
  conditions: ReadonlySet<string> = BROWSER_CONDITIONS,
): string | null {
  const exportsField = manifest['exports'];
  if (subpath === '' || subpath === '/') {
    const fromExports = exportsTarget(exportsField, '.', conditions);
    if (fromExports) {
      const file = probeFile(files, joinPackagePath('/', fromExports) ?? '');
      if (file) return file;
    }
    // A string `browser` field is the package naming its browser entry (bundlers read it before `module`).
    for (const name of ['browser', 'module', 'jsnext:main', 'main']) {
      const file = fieldFile(manifest, files, name);
      if (file) return file;
    }
    return probeFile(files, '/index');
  }
  const fromExports = exportsTarget(exportsField, `.${subpath}`, conditions);
  if (fromExports) {
    const resolved = joinPackagePath('/', fromExports);
    const file = resolved ? probeFile(files, resolved) : null;
    if (file) return file;
  }
  const file = probeFile(files, subpath);
  // A file named with its extension is that file; a path without one is the module, as the main entry is.
  return file && file !== subpath && hasModuleTwins(manifest, files, conditions) ? twinOf(files, file) : file;
}

/** `name/sub/path` (scoped names included) split into the package name and the subpath ('' or '/sub/path'). */
export function splitBareSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const count = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, count).join('/');
  const rest = parts.slice(count).join('/');
  return { name, subpath: rest ? `/${rest}` : '' };
}

/**
 * `browser` field object: file and module replacements ('./a.js' -> './b.js', 'fs' -> false). A file key
 * may leave out the extension ('./dist-es/runtimeConfig'): with the package's files it is keyed by the file
 * it names, as the file an import resolves to is looked up.
 */
export function browserMap(manifest: Record<string, unknown>, files?: PackageFiles): Map<string, string | false> {
  const map = new Map<string, string | false>();
  const field = manifest['browser'];
  if (!field || typeof field !== 'object' || Array.isArray(field)) return map;
  for (const [key, value] of Object.entries(field as Record<string, unknown>)) {
    if (value !== false && typeof value !== 'string') continue;
    const joined = key.startsWith('.') ? joinPackagePath('/', key) : key;
    const from = joined?.startsWith('/') && files ? (probeFile(files, joined) ?? joined) : joined;
    const to = typeof value === 'string' && value.startsWith('.') ? joinPackagePath('/', value) : value;
    if (from && to !== null) map.set(from, to);
  }
  return map;
}

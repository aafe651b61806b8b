/**
 * The build options of `+esm` (`?dev`, `?target=es2018`, `?exports=a,b`, `?deps=react@18.3.1`): parsed from the query string (anything
 * else in it ignored), and written back in one canonical order. The canonical text is part of a build's storage key and of the URLs
 * its dependency imports point at, so that `?target=es2018&dev` and `?dev&target=es2018` are one build and a
 * development build's whole graph is built the same way.
 */
import semver from 'semver';
import { PackageError } from '../packages/types.ts';
import { npmNameProblem } from '../packages/npm/npmName.ts';

/**
 * Output targets offered: the browser's language versions esbuild can lower to, oldest first, then `deno`, a
 * build for the Deno runtime (`runtimeOf`).
 */
export const TARGETS = ['es2018', 'es2019', 'es2020', 'es2021', 'es2022', 'es2023', 'es2024', 'esnext', 'deno'] as const;
export type EsmTarget = (typeof TARGETS)[number];

/** Other spellings of a target: esm.sh's `denonext` is its Deno build with `node:` built-ins, which ours is. */
const TARGET_ALIASES: Readonly<Record<string, EsmTarget>> = { denonext: 'deno' };

/** The target of a build without `?target`: every current browser runs ES2022. */
export const DEFAULT_TARGET: EsmTarget = 'es2022';

/** Where a build runs: a browser page, or Deno (Node's built-ins and globals, no DOM). */
export type EsmRuntime = 'browser' | 'deno';

export function runtimeOf(options: Pick<EsmOptions, 'target'>): EsmRuntime {
  return options.target === 'deno' ? 'deno' : 'browser';
}

/**
 * The language version esbuild writes for the options. Deno's: ES2024, which its V8 runs whole. Not esnext,
 * which keeps import attributes (`with { type: 'json' }`, ES2025) on imports that are our builds, JavaScript
 * modules: Deno then refuses them (@babel/core 8 imports @babel/compat-data's JSON so).
 */
export function syntaxTarget(options: Pick<EsmOptions, 'target'>): string {
  return options.target === 'deno' ? 'es2024' : options.target;
}

/** Whether the build can export names that are no identifier as strings (`export { x as "long long" }`): ES2022 on. */
export function stringExportNames(options: Pick<EsmOptions, 'target'>): boolean {
  return TARGETS.indexOf(options.target) >= TARGETS.indexOf('es2022');
}

/** The target a `User-Agent` asks for when the URL names none (`Deno/2.1.4`), or null for a browser's. */
export function targetOfUserAgent(userAgent: string | undefined): EsmTarget | null {
  return userAgent !== undefined && /^Deno\//.test(userAgent) ? 'deno' : null;
}

/** The parameters of a `+esm` query: the build options, and `meta`. */
const KNOWN = ['bundle', 'deps', 'dev', 'exports', 'meta', 'target'] as const;

export interface EsmOptions {
  /** A development build: `process.env.NODE_ENV` is "development" and the `development` export condition is chosen. */
  dev: boolean;
  target: EsmTarget;
  /** Only these named exports (`?exports=a,b`), sorted and without repeats; null for every export. */
  exports: string[] | null;
  /**
   * `?deps=name@version,...`: exact versions the build's imports of those packages point at, whatever the
   * ranges declared, sorted by name; null for none.
   */
  deps: Array<[name: string, version: string]> | null;
  /** `?bundle`: the packages it imports bundled into the one file, except its peer dependencies. */
  bundle: boolean;
}

export const DEFAULT_OPTIONS: EsmOptions = { dev: false, target: DEFAULT_TARGET, exports: null, deps: null, bundle: false };

function known(): string {
  return `The options are ${KNOWN.map((k) => `?${k}`).join(', ')} (target: ${TARGETS.join(', ')}, denonext).`;
}

/**
 * `react@18.3.1,@scope/x@1.0.0`: exact versions only, so that the build stays immutable (a range would make
 * the same URL import another version tomorrow).
 */
function parseDeps(value: string): Array<[string, string]> {
  const pins = new Map<string, string>();
  for (const item of value.split(',').map((p) => p.trim())) {
    if (item === '') continue;
    const at = item.lastIndexOf('@');
    const name = at > 0 ? item.slice(0, at) : item;
    const version = at > 0 ? item.slice(at + 1) : '';
    const problem = npmNameProblem(name);
    if (problem) throw PackageError.badRequest(`Invalid +esm option deps: "${name}" is not a package name (${problem}).`);
    if (!semver.valid(version))
      throw PackageError.badRequest(`Invalid +esm option deps: "${item}" does not pin an exact version; write name@version, as in react@18.3.1.`);
    if (pins.has(name) && pins.get(name) !== version) throw PackageError.badRequest(`Invalid +esm option deps: ${name} is pinned twice.`);
    pins.set(name, semver.clean(version)!);
  }
  if (pins.size === 0) throw PackageError.badRequest('The +esm option "deps" needs the versions to pin, as in ?deps=react@18.3.1,react-dom@18.3.1.');
  return [...pins].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What the query of a `+esm` URL asks for: the build's options, and whether the answer is its description (`?meta`). */
export interface EsmQuery {
  options: EsmOptions;
  /** `?meta`: the build described as JSON (`../cdn/esm/serve/buildMeta.ts`) instead of the module. */
  meta: boolean;
  /** `?target` is given: the build is the one named, whoever asks (else a `Deno/…` User-Agent asks for Deno's). */
  targetGiven: boolean;
}

/** `key` given with a value it does not take: a 400 naming it. */
function flag(key: string, value: string | null): true {
  if (value !== null && value !== '') throw PackageError.badRequest(`The +esm option "${key}" takes no value (?${key}).`);
  return true;
}

/**
 * The query string (without its `?`). A parameter that is no option of ours is ignored, as on file URLs (a
 * cache-busting `?v=1`, a tracking tag): the answer is the build without it. A known option with a bad value,
 * or given twice, is a 400 naming it.
 */
export function parseEsmQuery(query: string): EsmQuery {
  const options: EsmOptions = { ...DEFAULT_OPTIONS };
  let meta = false;
  const seen = new Set<string>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    let key: string;
    try {
      key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    } catch {
      continue;
    }
    if (!KNOWN.includes(key as (typeof KNOWN)[number])) continue;
    let value: string | null;
    try {
      value = eq < 0 ? null : decodeURIComponent(part.slice(eq + 1));
    } catch {
      throw PackageError.badRequest(`Invalid +esm option "${key}": malformed percent-encoding. ${known()}`);
    }
    if (seen.has(key)) throw PackageError.badRequest(`The +esm option "${key}" is given more than once.`);
    seen.add(key);
    if (key === 'bundle') options.bundle = flag(key, value);
    else if (key === 'dev') options.dev = flag(key, value);
    else if (key === 'meta') meta = flag(key, value);
    else if (key === 'target') {
      const asked = value?.toLowerCase() ?? '';
      const target = TARGETS.find((t) => t === asked) ?? TARGET_ALIASES[asked];
      if (!target) throw PackageError.badRequest(`Unknown +esm target "${value ?? ''}": the targets are ${TARGETS.join(', ')} (or denonext).`);
      options.target = target;
    } else if (key === 'deps') {
      options.deps = parseDeps(value ?? '');
    } else {
      const names = [...new Set((value ?? '').split(',').map((n) => n.trim()))].filter((n) => n !== '').sort();
      if (names.length === 0) throw PackageError.badRequest('The +esm option "exports" needs the names to keep, separated by commas (?exports=a,b).');
      options.exports = names;
    }
  }
  return { options, meta, targetGiven: seen.has('target') };
}

/** The build options of a query string (`parseEsmQuery`). */
export function parseEsmOptions(query: string): EsmOptions {
  return parseEsmQuery(query).options;
}

/** The canonical query string of the options ('' for the default build, else `?bundle&deps=a@1.0.0&dev&exports=a,b&target=es2018`: keys in alphabetical order). */
export function optionsQuery(options: EsmOptions): string {
  const parts: string[] = [];
  if (options.bundle) parts.push('bundle');
  if (options.deps) parts.push(`deps=${options.deps.map(([name, version]) => `${name}@${version}`).join(',')}`);
  if (options.dev) parts.push('dev');
  if (options.exports) parts.push(`exports=${options.exports.map(encodeURIComponent).join(',')}`);
  if (options.target !== DEFAULT_TARGET) parts.push(`target=${options.target}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

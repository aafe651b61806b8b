/**
 * Structured data of a package page: a schema.org `SoftwareSourceCode` description (JSON-LD) in the HTML the
 * web server returns, so that crawlers read the package's name, version, description, repository, licence
 * and language without running the page's script. The version is the one the page shows: the address's
 * `version` when the package has it, else the `latest` tag, else the newest. Learned from the package layer
 * with a short deadline: a slow or failing upstream leaves the description out, never holds the page back.
 */
import { serialiseForScript } from '@skylift/shared/config';
import type { PackageRef, PackageStore } from '../../packages/types.ts';
import { packageOfPage } from '../share/packageFacts.ts';

/** How long the page waits for the package layer before answering without structured data. */
const STRUCTURED_DATA_DEADLINE_MS = 1_500;
const MAX_DESCRIPTION = 500;
const MAX_VERSION = 256;

export type StructuredData = Record<string, unknown>;

/** The `version` query parameter of a page address, when it is one a version could be. */
export function requestedVersionOf(url: string): string | null {
  let value: string | null;
  try {
    value = new URL(url, 'http://page.invalid').searchParams.get('version');
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (!value || value.length > MAX_VERSION || /[\u0000-\u001f\s]/.test(value)) return null;
  return value;
}

/** The version the page shows (mf-package's pickPageVersion): the requested one when it exists, else `latest`, else the newest. */
export function pageVersion(versions: readonly string[], tags: Record<string, string>, requested: string | null): string | null {
  if (requested && versions.includes(requested)) return requested;
  const latest = tags['latest'];
  if (!requested && latest && versions.includes(latest)) return latest;
  return versions[0] ?? null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The repository a package.json names (`repository` as a string or `{ url }`: full git URLs, `git@host:owner/repo`,
 * and the `github:`, `gitlab:`, `bitbucket:` and bare `owner/repo` shorthands) as its https address; null otherwise.
 */
export function repositoryUrl(field: unknown): string | null {
  const raw = text(typeof field === 'object' && field !== null ? (field as Record<string, unknown>)['url'] : field);
  if (!raw) return null;
  const shorthandHosts: Record<string, string> = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(raw);
  if (shorthand) return `https://${shorthandHosts[shorthand[1] ?? 'github']}/${shorthand[2]}/${shorthand[3]}`;
  const full = /^(?:git\+)?(?:(?:https?|git|ssh):\/\/)?(?:[^@/\s]+@)?([a-z0-9.-]+\.[a-z]{2,})(?::\d+)?[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?(?:[#?].*)?$/i.exec(
    raw,
  );
  if (!full) return null;
  return `https://${full[1]!.toLowerCase()}/${full[2]}/${full[3]}`;
}

/** The licence a package.json declares: an SPDX identifier as its page on spdx.org, an expression as written. */
export function licenseOf(manifest: Record<string, unknown>): string | null {
  const field = manifest['license'];
  const value = text(typeof field === 'object' && field !== null ? (field as Record<string, unknown>)['type'] : field);
  if (!value || /^UNLICENSED$/i.test(value) || /^SEE LICENSE IN/i.test(value)) return null;
  return /^[A-Za-z0-9.+-]+$/.test(value) ? `https://spdx.org/licenses/${value}.html` : value;
}

/** Conditions a JavaScript entry is found under in `exports`; `types` names declarations. */
const JS_CONDITIONS: ReadonlySet<string> = new Set(['browser', 'import', 'require', 'module', 'node', 'default', 'production', 'development']);
const DECLARATIONS = /\.d\.[mc]?ts$/;
const NOT_JAVASCRIPT = /\.(?:css|scss|less|json|wasm|d\.[mc]?ts)$/;

interface Found {
  js: boolean;
  types: boolean;
  /** An entry that is neither (a stylesheet, JSON). */
  other: boolean;
}

function noteTarget(target: string, underTypes: boolean, into: Found): void {
  if (underTypes || DECLARATIONS.test(target)) into.types = true;
  else if (NOT_JAVASCRIPT.test(target)) into.other = true;
  else into.js = true;
}

function exportTargets(value: unknown, underTypes: boolean, into: Found): void {
  if (typeof value === 'string') {
    noteTarget(value, underTypes, into);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) exportTargets(item, underTypes, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, nested] of Object.entries(value)) {
    if (key === 'types' || key.startsWith('types@')) exportTargets(nested, true, into);
    else if (key.startsWith('.') || JS_CONDITIONS.has(key)) exportTargets(nested, underTypes, into);
  }
}

/**
 * The languages an npm package ships, as its package.json tells: TypeScript when it declares types (or is an
 * `@types/` package), JavaScript when it names a JavaScript entry or declares no types at all (an implied
 * `index.js`). Type declarations alone are TypeScript only; stylesheets alone are neither.
 */
export function languagesOf(name: string, manifest: Record<string, unknown>): string[] {
  if (name.startsWith('@types/')) return ['TypeScript'];
  const found: Found = { js: false, types: false, other: false };
  exportTargets(manifest['exports'], false, found);
  for (const field of ['types', 'typings']) if (text(manifest[field])) found.types = true;
  for (const field of ['main', 'module', 'jsnext:main', 'browser', 'unpkg', 'jsdelivr']) {
    const value = text(manifest[field]);
    if (value) noteTarget(value, false, found);
  }
  if (manifest['bin']) found.js = true;
  const languages: string[] = [];
  if (found.js || (!found.types && !found.other)) languages.push('JavaScript');
  if (found.types) languages.push('TypeScript');
  return languages;
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The page's `SoftwareSourceCode`; null for a package that does not exist or could not be learned in time.
 * A repository's package.json is read only when its files are already here (no archive download for a crawler).
 */
export async function packageStructuredData(
  store: PackageStore,
  ref: PackageRef,
  requested: string | null,
  pageUrl: string,
  deadlineMs = STRUCTURED_DATA_DEADLINE_MS,
): Promise<StructuredData | null> {
  const work = (async (): Promise<StructuredData | null> => {
    const info = await store.versions(ref);
    const version = pageVersion(
      info.versions.map((entry) => entry.version),
      info.tags,
      requested,
    );
    const readManifest = version !== null && (ref.type === 'npm' || (await store.cached(ref, version).catch(() => false)));
    const manifest = readManifest ? await store.manifest(ref, version).catch(() => null) : null;
    const description = text(manifest?.['description'])?.slice(0, MAX_DESCRIPTION) ?? null;
    const repository = ref.type === 'gh' ? `https://github.com/${ref.name}` : repositoryUrl(manifest?.['repository']);
    const license = manifest ? licenseOf(manifest) : null;
    const languages = ref.type === 'npm' && manifest ? languagesOf(ref.name, manifest) : [];
    return {
      '@context': 'https://schema.org',
      '@type': 'SoftwareSourceCode',
      name: ref.name,
      ...(version ? { version } : {}),
      ...(description ? { description } : {}),
      ...(repository ? { codeRepository: repository } : {}),
      ...(license ? { license } : {}),
      ...(languages.length ? { programmingLanguage: languages.length === 1 ? languages[0] : languages } : {}),
      url: pageUrl,
    };
  })();
  try {
    const result = await withDeadline(work, deadlineMs);
    return result === 'late' ? null : result;
  } catch {
    // A package that does not exist (its page is noindex) or an upstream that failed: no description.
    return null;
  }
}

/** The JSON-LD as a data block: never run as script, and no `</script>` or `<!--` can leave it. */
export function structuredDataTag(data: StructuredData | null): string {
  return data ? `<script type="application/ld+json">${serialiseForScript(data)}</script>` : '';
}

/**
 * The structured data tag of a page: a package page's `SoftwareSourceCode` (the version from the address's
 * query), nothing for any other page.
 */
export async function pageStructuredData(pathname: string, requestUrl: string, pageUrl: string, packages: () => Promise<PackageStore>): Promise<string> {
  const ref = packageOfPage(pathname);
  if (!ref) return '';
  const store = await packages().catch(() => null);
  if (!store) return '';
  return structuredDataTag(await packageStructuredData(store, ref, requestedVersionOf(requestUrl), pageUrl));
}

/**
 * Custom endpoints (oss-cdn): path prefixes of the CDN served from another project's own file host, for
 * projects whose files are not npm packages or GitHub repositories. Each has the name its statistics are
 * kept under (`/v1/stats/proxies/{name}`). `SKYLIFT_CUSTOM_ENDPOINTS` (a JSON array of the same shape)
 * replaces the defaults; an entry with neither an upstream nor an npm scope is listed but answers 404.
 */
export interface CustomEndpoint {
  /** Statistics name, as the data API knows it (`cocoa`, `yocto-sstate`). */
  name: string;
  /** Path prefix on the CDN, without a trailing slash (`/cocoa`). */
  path: string;
  /** Base URL the rest of the path is appended to; null when the project has no public file host. */
  upstream: string | null;
  /** Instead of a file host: the npm scope whose packages the endpoint serves (`@tryghost`). */
  npmScope?: string;
}

/**
 * The six built-in endpoints, each pointing at the project's own public file host. Ghost
 * publishes its front-end apps as npm packages under its own scope, so its endpoint serves that scope;
 * MuseScore publishes no public file host, so its endpoint waits for an operator to configure one.
 */
export const DEFAULT_CUSTOM_ENDPOINTS: readonly CustomEndpoint[] = [
  { name: 'cocoa', path: '/cocoa', upstream: 'https://cdn.cocoapods.org' },
  { name: 'ghost', path: '/ghost', upstream: null, npmScope: '@tryghost' },
  { name: 'pyodide', path: '/pyodide', upstream: 'https://pyodide-cdn2.iodide.io' },
  { name: 'musescore', path: '/musescore', upstream: null },
  { name: 'fontsource', path: '/fontsource', upstream: 'https://r2.fontsource.org' },
  { name: 'yocto-sstate', path: '/yocto', upstream: 'https://sstate.yoctoproject.org' },
];

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const PATH = /^\/[a-z0-9][a-z0-9._-]{0,63}$/;
const SCOPE = /^@[a-z0-9][a-z0-9._~-]{0,213}$/;
/** Prefixes the CDN already answers; an endpoint may not hide them. */
const RESERVED = new Set(['/npm', '/gh', '/combine', '/healthz', '/readyz', '/metrics']);

export function parseCustomEndpoints(raw: string | undefined): CustomEndpoint[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_CUSTOM_ENDPOINTS];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('SKYLIFT_CUSTOM_ENDPOINTS must be a JSON array of {name, path, upstream}.');
  }
  if (!Array.isArray(parsed)) throw new Error('SKYLIFT_CUSTOM_ENDPOINTS must be a JSON array of {name, path, upstream}.');
  const seen = new Set<string>();
  return parsed.map((entry: unknown, index) => {
    const { name, path, upstream, npmScope } = (entry ?? {}) as Record<string, unknown>;
    const where = `SKYLIFT_CUSTOM_ENDPOINTS[${index}]`;
    if (typeof name !== 'string' || !NAME.test(name)) throw new Error(`${where}.name must be lowercase letters, digits, ".", "_" or "-".`);
    if (typeof path !== 'string' || !PATH.test(path) || RESERVED.has(path)) throw new Error(`${where}.path must be one free path segment such as "/pyodide".`);
    if (seen.has(path)) throw new Error(`${where}.path ${path} is listed twice.`);
    seen.add(path);
    if (npmScope !== undefined && npmScope !== null) {
      if (typeof npmScope !== 'string' || !SCOPE.test(npmScope)) throw new Error(`${where}.npmScope must be an npm scope such as "@tryghost".`);
      return { name, path, upstream: null, npmScope };
    }
    if (upstream !== null && upstream !== undefined) {
      if (typeof upstream !== 'string' || !/^https?:\/\/[^/]+/.test(upstream)) throw new Error(`${where}.upstream must be an http(s) URL or null.`);
      return { name, path, upstream: upstream.replace(/\/+$/, '') };
    }
    return { name, path, upstream: null };
  });
}

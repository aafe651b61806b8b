/**
 * Fetching one package document from the configured npm registry, for the changes follower and the
 * catalog enrichment.
 * Scoped names keep their `@` and encode the slash, as the registry expects. Given the configuration's npm
 * registries, a scoped package is asked of its scope's registry, and a request carries the credential of the
 * registry it goes to, without following a redirect elsewhere with it (as the package layer does).
 */
import type { NpmRegistries } from '../config/npmRegistries.ts';
import { authorizationFor } from '../packages/npm/registryAuth.ts';

/** The URL of a package's document, on its scope's registry when one is configured, and the request's headers. */
function request(registry: string, name: string, npm: NpmRegistries | undefined, suffix = ''): { url: string; init: RequestInit } {
  const scope = name.startsWith('@') ? name.slice(0, name.indexOf('/')).toLowerCase() : '';
  const url = `${documentUrl((scope && npm?.scopes[scope]) || registry, name)}${suffix}`;
  const authorization = npm ? authorizationFor(url, npm.credentials) : undefined;
  return {
    url,
    init: { headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) }, redirect: authorization ? 'manual' : 'follow' },
  };
}

/** `signal` lets a stopping service abandon a request in flight. */
export type FetchDocument = (name: string, signal?: AbortSignal) => Promise<unknown | null>;

export function documentUrl(registry: string, name: string): string {
  const encoded = name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name);
  return `${registry.replace(/\/+$/, '')}/${encoded}`;
}

/**
 * Resolves the document, or null when the registry does not have the package (404). With `latest`, the
 * latest version's package.json only (`/{name}/latest`), far smaller than the whole document.
 */
export function registryFetcher(registry: string, timeoutMs: number, latest = false, npm?: NpmRegistries): FetchDocument {
  return async (name, signal) => {
    const { url, init } = request(registry, name, npm, latest ? '/latest' : '');
    const response = await fetch(url, {
      ...init,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`The registry answered ${response.status} for ${name}`);
    return (await response.json()) as unknown;
  };
}

/** Fetches one version's manifest as the registry publishes it (with its deprecation), or null when it has none. */
export type FetchVersion = (name: string, version: string, signal?: AbortSignal) => Promise<unknown | null>;

/**
 * `/{name}/{version}`: a few kilobytes where the whole document of a package with many releases can weigh
 * megabytes. Null for any answer but a manifest of that version (registries that do not serve this form
 * included), so that the caller falls back to the whole document.
 */
export function registryVersionFetcher(registry: string, timeoutMs: number, npm?: NpmRegistries): FetchVersion {
  return async (name, version, signal) => {
    const { url, init } = request(registry, name, npm, `/${encodeURIComponent(version)}`);
    const response = await fetch(url, {
      ...init,
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const manifest = (await response.json().catch(() => null)) as { name?: unknown; version?: unknown } | null;
    return manifest && manifest.name === name && manifest.version === version ? manifest : null;
  };
}

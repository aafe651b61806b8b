/**
 * Fetching one package document from the configured npm registry, for the changes follower and the
 * catalog enrichment.
 * Scoped names keep their `@` and encode the slash, as the registry expects.
 */
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
export function registryFetcher(registry: string, timeoutMs: number, latest = false): FetchDocument {
  return async (name, signal) => {
    const response = await fetch(`${documentUrl(registry, name)}${latest ? '/latest' : ''}`, {
      headers: { accept: 'application/json' },
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
export function registryVersionFetcher(registry: string, timeoutMs: number): FetchVersion {
  return async (name, version, signal) => {
    const response = await fetch(`${documentUrl(registry, name)}/${encodeURIComponent(version)}`, {
      headers: { accept: 'application/json' },
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

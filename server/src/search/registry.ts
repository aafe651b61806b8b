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

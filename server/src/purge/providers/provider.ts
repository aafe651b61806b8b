/**
 * A fronting CDN that can be asked to forget cached URLs. Each client speaks its provider's real purge
 * API; the answer says, per URL, whether the provider confirmed the purge. A client never throws: a
 * provider that fails or times out counts as failed for the URLs it was asked about.
 */
export type ProviderCode = 'CF' | 'FY' | 'BN' | 'GC';

export interface PurgeProvider {
  code: ProviderCode;
  /** `urls` are full public URLs of our CDN. */
  purge(urls: readonly string[]): Promise<Map<string, boolean>>;
}

export interface ProviderHttp {
  fetch: typeof fetch;
  timeoutMs: number;
}

/** Sends one API request; true when the provider answered 2xx and `accept` (if given) likes the body. */
export async function call(http: ProviderHttp, url: string, init: RequestInit, accept?: (body: unknown) => boolean): Promise<boolean> {
  try {
    const response = await http.fetch(url, { ...init, signal: AbortSignal.timeout(http.timeoutMs) });
    const text = await response.text();
    if (!response.ok) return false;
    if (!accept) return true;
    return accept(text === '' ? null : (JSON.parse(text) as unknown));
  } catch {
    return false;
  }
}

export const everyUrl = (urls: readonly string[], ok: boolean): Map<string, boolean> => new Map(urls.map((url) => [url, ok]));

/** One request per URL, a few at a time, for APIs that purge a single URL per call. */
export async function perUrl(urls: readonly string[], purgeOne: (url: string) => Promise<boolean>): Promise<Map<string, boolean>> {
  const results = await Promise.all(urls.map(async (url) => [url, await purgeOne(url)] as const));
  return new Map(results);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const field = (body: unknown, name: string): unknown => (isRecord(body) ? body[name] : undefined);

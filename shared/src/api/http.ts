/**
 * The generic GET JSON helper of the data API: a 2xx answer resolves with the parsed body,
 * any other status rejects with the parsed body (or with the status when asked). Answers are kept in
 * memory by full URL for the life of the page, concurrent calls for one URL share one request, and
 * failures are forgotten so the next call retries.
 */

/** What one request produced, kept in the cache. */
interface CachedResponse {
  ok: boolean;
  status: number;
  body: unknown;
  headers: Headers;
}

export interface GetJsonOptions {
  /** Reject with the HTTP status (a number) instead of the parsed error body. */
  rejectWithStatus?: boolean;
  /** Ask again instead of taking the kept answer (a live figure read again); the new answer is kept. */
  fresh?: boolean;
}

/** The body the services send with an error status: `{ "status": N, "message": "..." }`. */
export interface ApiErrorBody {
  status: number;
  message: string;
}

/** A page of a paged list: the items and what the `x-total-count` / `x-total-pages` headers said. */
export interface Paged<T> {
  items: T[];
  totalCount: number;
  totalPages: number;
}

/**
 * Beyond this many answers the oldest are dropped, so a long visit cannot grow memory without bound.
 * A Map in insertion order rather than lru-cache: this runs in every page's first load, where its size counts.
 */
const MAX_CACHED = 500;

const cache = new Map<string, Promise<CachedResponse>>();

function request(url: string, fresh = false): Promise<CachedResponse> {
  const cached = fresh ? undefined : cache.get(url);
  if (cached) return cached;
  const promise = (async (): Promise<CachedResponse> => {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    const text = await response.text();
    let body: unknown = text;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        // A non-JSON error page (a proxy's HTML, say) still rejects, with its text as the body.
        if (response.ok) throw new SyntaxError(`The answer from ${url} is not valid JSON.`);
      }
    }
    return { ok: response.ok, status: response.status, body, headers: response.headers };
  })();
  cache.set(url, promise);
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  promise.then(
    (result) => {
      if (!result.ok) forget(url, promise);
    },
    () => forget(url, promise),
  );
  return promise;
}

function forget(url: string, promise: Promise<CachedResponse>): void {
  if (cache.get(url) === promise) cache.delete(url);
}

async function settle(url: string, options: GetJsonOptions): Promise<CachedResponse> {
  const result = await request(url, options.fresh);
  if (!result.ok) throw options.rejectWithStatus ? result.status : result.body;
  return result;
}

/**
 * GETs `url` and resolves with its JSON body. Rejects with the parsed error body, or with the status
 * number when `rejectWithStatus` is set; a network failure rejects with the fetch error.
 */
export async function getJson<T>(url: string, options: GetJsonOptions = {}): Promise<T> {
  return (await settle(url, options)).body as T;
}

/** GETs a paged list and reads its `x-total-count` and `x-total-pages` headers. */
export async function getJsonPage<T>(url: string, options: GetJsonOptions = {}): Promise<Paged<T>> {
  const result = await settle(url, options);
  const items = Array.isArray(result.body) ? (result.body as T[]) : [];
  return {
    items,
    totalCount: headerNumber(result.headers, 'x-total-count') ?? items.length,
    totalPages: headerNumber(result.headers, 'x-total-pages') ?? (items.length ? 1 : 0),
  };
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}

/** A sentence for the user out of whatever a request rejected with. */
export function describeFailure(reason: unknown): string {
  if (isApiErrorBody(reason)) return reason.message;
  if (typeof reason === 'number') return `The server answered with status ${reason}.`;
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string' && reason.trim() !== '') return reason.trim();
  return 'The request failed.';
}

/** Empties the answer cache; for tests and for a deliberate refresh. */
export function clearHttpCache(): void {
  cache.clear();
}

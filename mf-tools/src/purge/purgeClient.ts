/**
 * Calls of the purge service ("Purge host"), on the runtime configuration's `purgeUrl`. Not
 * cached: every answer is about a moment.
 */
export type CaptchaWidget = { kind: 'altcha'; challengeUrl: string } | { kind: 'recaptcha' | 'hcaptcha' | 'turnstile'; siteKey: string; scriptUrl: string };

export interface PathStatus {
  throttled: boolean;
  /** Provider code to whether it confirmed the purge. */
  providers: Record<string, boolean>;
  /** Our own caches: resolutions dropped, nothing to drop (an exact version), or no cache reached. */
  origin?: 'dropped' | 'immutable' | 'none';
}

export interface PurgeStatus {
  id: string;
  status: 'pending' | 'finished';
  paths: Record<string, PathStatus>;
}

export class PurgeRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** How long the service asked to wait before the next request (a 429's `Retry-After`), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'PurgeRequestError';
  }
}

/**
 * The wait a refusal names, in whole seconds: the `Retry-After` header (seconds or an HTTP date; readable
 * across origins only when the service exposes it) or a `retryAfter` field of the body; null when neither says.
 */
export function retryAfterSeconds(response: Response, body: unknown, now = Date.now()): number | null {
  const field = typeof body === 'object' && body !== null ? (body as { retryAfter?: unknown }).retryAfter : undefined;
  if (typeof field === 'number' && Number.isFinite(field) && field >= 0) return Math.ceil(field);
  const header = response.headers?.get('retry-after')?.trim();
  if (!header) return null;
  if (/^\d+$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

const base = (purgeUrl: string): string => purgeUrl.replace(/\/+$/, '');

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's error page: the status says enough.
  }
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : `HTTP ${response.status}`;
    throw new PurgeRequestError(response.status, message, response.status === 429 ? retryAfterSeconds(response, body) : null);
  }
  return body as T;
}

export async function getCaptchaWidget(purgeUrl: string): Promise<CaptchaWidget> {
  return json(await fetch(`${base(purgeUrl)}/captcha`, { headers: { accept: 'application/json' } }));
}

export async function requestPurge(purgeUrl: string, token: string, paths: readonly string[]): Promise<string> {
  const response = await fetch(`${base(purgeUrl)}/captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ 'g-recaptcha-response': token, path: paths }),
  });
  const body = await json<{ id?: unknown }>(response);
  if (typeof body?.id !== 'string') throw new PurgeRequestError(response.status, 'The purge service answered without an id.');
  return body.id;
}

export async function getPurgeStatus(purgeUrl: string, id: string): Promise<PurgeStatus> {
  return json(await fetch(`${base(purgeUrl)}/status/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' }, cache: 'no-store' }));
}

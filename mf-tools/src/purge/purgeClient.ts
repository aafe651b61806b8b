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
  ) {
    super(message);
    this.name = 'PurgeRequestError';
  }
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
    throw new PurgeRequestError(response.status, message);
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

/**
 * One image fetched for the proxy: redirects followed by hand (at most five), each hop checked against the
 * allowed hosts; nothing of the visitor's request passed on (no cookie, no authorisation, no referrer) and
 * no cookie kept; the body read up to the size limit and its type sniffed; the whole chain within the time
 * limit.
 */
import type { AllowedImageHosts } from './allowedHosts.ts';
import { sniffImageType } from './sniffImage.ts';

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type FetchedImage = { ok: true; body: Buffer; contentType: string } | { ok: false; status: number; message: string };

export interface FetchImageOptions {
  hosts: AllowedImageHosts;
  maxBytes: number;
  timeoutMs: number;
}

const megabytes = (bytes: number): string => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The body, or null once it passed `maxBytes` (the rest is not read). */
async function readBounded(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

export async function fetchImage(start: URL, options: FetchImageOptions): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = start;
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, {
        redirect: 'manual',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal,
        headers: { accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8', 'user-agent': 'image-proxy' },
      });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) return { ok: false, status: 502, message: `The image host answered ${response.status} without saying where to.` };
        if (hop >= MAX_REDIRECTS) return { ok: false, status: 502, message: `The image host redirected more than ${MAX_REDIRECTS} times.` };
        const next = options.hosts.check(location, url);
        if (!next.ok) return { ok: false, status: next.status, message: `The image host redirected elsewhere. ${next.message}` };
        url = next.url;
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return { ok: false, status: 404, message: `The image host has no image at ${url.href} (${response.status}).` };
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        return { ok: false, status: 502, message: `The image host answered ${response.status}.` };
      }
      const body = await readBounded(response, options.maxBytes);
      if (body === null) return { ok: false, status: 413, message: `The image is larger than the image proxy's limit of ${megabytes(options.maxBytes)}.` };
      const contentType = sniffImageType(body);
      if (!contentType) return { ok: false, status: 415, message: 'The address does not hold an image (PNG, JPEG, GIF, WebP, AVIF, ICO, BMP or SVG).' };
      return { ok: true, body, contentType };
    }
  } catch (error) {
    if (signal.aborted) return { ok: false, status: 502, message: `The image host did not answer within ${options.timeoutMs / 1000} s.` };
    return {
      ok: false,
      status: 502,
      message: `The image could not be fetched: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
    };
  }
}

/**
 * `GET /img?url=...`: an image of another host, fetched by the web server and served from the site's own
 * origin, so that readmes, search hits and package pages never send a visitor's browser elsewhere. Only the
 * configured hosts are fetched (`SKYLIFT_IMAGE_PROXY_HOSTS`), within a size and a time limit, and only
 * what its bytes show to be an image is served, under the type they show. An SVG may hold script: every
 * answer carries a policy that lets nothing run and nothing load, whoever opens it directly.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { IMAGE_PROXY_PATH } from '@skylift/shared/format';
import { matchesIfNoneMatch } from '../../http/conditional.ts';
import type { ImageProxyConfig } from '../../config/imageProxy.ts';
import { sendError } from '../http/errors.ts';
import type { AllowedImageHosts } from './allowedHosts.ts';
import { fetchImage, type FetchedImage } from './fetchImage.ts';

/** What every proxied image is served with: no script, no loads, no plugin, shown inline. */
export const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** Browsers keep an image a day; the proxy keeps it an hour before asking its host again. */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400';
const FRESH_MS = 60 * 60 * 1000;
/** A refusal that depends on the image (missing, too large, not an image) is kept five minutes; a failure of the host is not kept. */
const REFUSAL_MS = 5 * 60 * 1000;
const REFUSAL_CACHE_CONTROL = 'public, max-age=300';
const CACHE_BYTES = 64 * 1024 * 1024;
const MAX_ADDRESS_LENGTH = 4096;

type Cached = (FetchedImage & { ok: true; etag: string }) | (FetchedImage & { ok: false });

export interface ImageProxyOptions {
  config: ImageProxyConfig;
  /** The hosts it fetches from (`imageHosts.ts`). */
  hosts: AllowedImageHosts;
}

export function registerImageProxy(app: FastifyInstance, { config, hosts }: ImageProxyOptions): void {
  const cache = new LRUCache<string, Cached>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (entry) => (entry.ok ? entry.body.byteLength : entry.message.length) + 200,
  });
  // Concurrent requests for one image share one fetch.
  const pending = new Map<string, Promise<Cached>>();

  const load = (url: URL): Promise<Cached> => {
    const key = url.href;
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    let inFlight = pending.get(key);
    if (!inFlight) {
      inFlight = fetchImage(url, { hosts, maxBytes: config.maxBytes, timeoutMs: config.timeoutMs }).then((fetched): Cached => {
        if (fetched.ok) {
          const entry: Cached = { ...fetched, etag: `W/"${createHash('sha256').update(fetched.body).digest('base64url').slice(0, 32)}"` };
          cache.set(key, entry, { ttl: FRESH_MS });
          return entry;
        }
        if (fetched.status !== 502) cache.set(key, fetched, { ttl: REFUSAL_MS });
        return fetched;
      });
      pending.set(key, inFlight);
      void inFlight.finally(() => pending.delete(key));
    }
    return inFlight;
  };

  app.get(IMAGE_PROXY_PATH, async (request, reply) => {
    const raw = (request.query as Record<string, unknown>)['url'];
    if (typeof raw !== 'string' || raw === '') return sendError(reply, 400, 'Name the image to show: /img?url=https://host/image.png');
    if (raw.length > MAX_ADDRESS_LENGTH) return sendError(reply, 400, `An image address is at most ${MAX_ADDRESS_LENGTH} characters long.`);
    const target = hosts.check(raw);
    if (!target.ok) {
      reply.header('cache-control', REFUSAL_CACHE_CONTROL);
      return reply.code(target.status).type('application/json; charset=utf-8').send({ status: target.status, message: target.message });
    }
    const image = await load(target.url);
    if (!image.ok) {
      if (image.status === 502) return sendError(reply, image.status, image.message);
      reply.header('cache-control', REFUSAL_CACHE_CONTROL);
      return reply.code(image.status).type('application/json; charset=utf-8').send({ status: image.status, message: image.message });
    }
    reply
      .header('content-security-policy', IMAGE_POLICY)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', IMAGE_CACHE_CONTROL)
      .header('etag', image.etag);
    if (matchesIfNoneMatch(request, image.etag)) return reply.code(304).send();
    return reply.code(200).type(image.contentType).send(image.body);
  });
}

/**
 * Entity tags and conditional requests for every service: a client that already holds the current
 * representation gets a 304 with no body, which keeps revalidation of `no-cache` answers cheap.
 * Hand-written rather than `@fastify/etag`: that plugin compares If-None-Match as one tag (no lists, no `*`),
 * tags error answers too, and cannot take the CDN's strong tags recorded from content hashes.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Weak, because a generated body may then be compressed on the fly: the compressed and the plain bytes
 * are the same representation for revalidation but not byte for byte.
 */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The tag without its weakness marker, as the weak comparison of If-None-Match sees it. */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/**
 * Whether If-None-Match names the client's copy as current: `*`, or any listed tag that `isCurrent` accepts
 * (given without `W/`, quotes kept). Weak comparison, as RFC 9110 §13.1.2 asks of If-None-Match.
 */
export function ifNoneMatchAccepts(header: string | undefined, isCurrent: (opaqueTag: string) => boolean): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = opaque(raw);
    return tag === '*' || isCurrent(tag);
  });
}

/** Whether If-None-Match lists this tag (weakly) or `*`. */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const wanted = opaque(etag);
  return ifNoneMatchAccepts(request.headers['if-none-match'], (tag) => tag === wanted);
}

export interface CacheableBody {
  body: string | Buffer;
  contentType: string;
  cacheControl: string;
  /** Computed from the body when absent. */
  etag?: string;
  status?: number;
}

/** Sends a body with its ETag and Cache-Control, or a bodiless 304 when the client's copy is current. */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, item: CacheableBody): FastifyReply {
  const etag = item.etag ?? etagOf(item.body);
  reply.header('etag', etag).header('cache-control', item.cacheControl);
  const status = item.status ?? 200;
  if (status === 200 && matchesIfNoneMatch(request, etag)) return reply.code(304).send();
  return reply.code(status).type(item.contentType).send(item.body);
}

/**
 * Tags every successful GET or HEAD answer of an app with a weak ETag of its serialised body, and turns it
 * into a 304 when the client's copy is current: for services whose answers are built per request.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!matchesIfNoneMatch(request, etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}

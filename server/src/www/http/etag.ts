/**
 * Entity tags and conditional requests: a client that already holds the current representation gets a
 * 304 with no body, which keeps revalidation of `no-cache` files (manifests, HTML, configuration) cheap.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Weak, because a generated body may then be compressed on the fly: the compressed and the plain bytes
 * are the same representation for revalidation but not byte for byte.
 */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Weak comparison of RFC 9110 §13.1.2, which is what If-None-Match uses. */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
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

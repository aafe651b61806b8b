/** Redirects keep the requested version as written; exact versions redirect permanently, the rest temporarily. */
import type { FastifyReply } from 'fastify';
import { CACHE_CONTROL, type CachePolicy } from '../http/headers.ts';
import { TEXT_PLAIN } from '../http/contentType.ts';

export function redirectTo(reply: FastifyReply, location: string, cachePolicy: CachePolicy): FastifyReply {
  reply.header('cache-control', CACHE_CONTROL[cachePolicy]);
  reply.header('content-type', TEXT_PLAIN);
  reply.header('location', location);
  return reply.code(cachePolicy === 'immutable' ? 301 : 302).send(`Redirecting to ${location}`);
}

/** The request's path (no query string) with a trailing slash: where a folder's listing lives. */
export function withTrailingSlash(rawUrl: string): string {
  const path = rawUrl.split('?', 1)[0] ?? '/';
  return path.endsWith('/') ? path : `${path}/`;
}

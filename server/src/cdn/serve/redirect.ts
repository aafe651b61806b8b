/** Redirects keep the requested version as written; exact versions redirect permanently, the rest temporarily. */
import type { FastifyReply } from 'fastify';
import { CACHE_CONTROL, type CachePolicy } from '../http/headers.ts';
import { TEXT_PLAIN } from '../http/contentType.ts';
import { encodeFilePath } from '../../cdnUrl/cdnPath.ts';
import type { FileRequest } from '../../cdnUrl/parseCdnUrl.ts';

export function redirectTo(reply: FastifyReply, location: string, cachePolicy: CachePolicy): FastifyReply {
  reply.header('cache-control', CACHE_CONTROL[cachePolicy]);
  reply.header('content-type', TEXT_PLAIN);
  reply.header('location', location);
  return reply.code(cachePolicy === 'immutable' ? 301 : 302).send(`Redirecting to ${location}`);
}

/**
 * Where the listing of a folder lives, built from the parsed request (never echoing raw input): the version
 * as requested, the normalised path, a trailing slash.
 */
export function listingUrl(request: FileRequest, folder: string): string {
  const version = request.requested === '' ? '' : `@${encodeURIComponent(request.requested).replace(/%5E/g, '^')}`;
  const trimmed = folder.replace(/\/+$/, '');
  return `/${request.ref.type}/${request.ref.name}${version}${encodeFilePath(trimmed)}/`;
}

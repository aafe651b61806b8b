/** Answers `/{endpoint}/...`: one file of a custom endpoint, with the same headers and safety as npm files. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { CustomEndpoint } from '../../config/customEndpoints.ts';
import { PackageError } from '../../packages/types.ts';
import { contentTypeFor } from '../http/contentType.ts';
import { sendDiskBody } from '../http/sendBody.ts';
import type { CdnContext } from '../serve/cdnContext.ts';
import { normaliseFilePath } from '../../cdnUrl/cdnPath.ts';
import type { CustomFiles } from './customFiles.ts';
import { cacheControlFor } from './lifetime.ts';

/** HIT, MISS or STALE: whether the answer came from our copy, the project's host, or an expired copy. */
export const CUSTOM_CACHE_HEADER = `X-${BRAND.name}-Cache`;

export async function serveCustom(
  ctx: CdnContext,
  files: CustomFiles,
  endpoint: CustomEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
  rest: string,
): Promise<FastifyReply> {
  const log = request.cdn;
  const filePath = normaliseFilePath(rest.split('/'));
  // Folders are not listed: the project's host decides what exists, and it publishes no listings.
  if (filePath === '' || rest.endsWith('/')) throw PackageError.badRequest(`Invalid URL: a file path must follow ${endpoint.path}/.`);
  log.file = filePath;
  const found = await files.get(endpoint, filePath);
  log.cache = found.result;
  log.answer = 'file';
  reply.header(CUSTOM_CACHE_HEADER, found.result.toUpperCase());
  return sendDiskBody(request, reply, found.body, {
    contentType: contentTypeFor(filePath),
    // The lifetime comes from the path or the upstream, not from a version's kind: it replaces the policy's.
    cachePolicy: found.versioned ? 'immutable' : 'error',
    cacheControl: cacheControlFor(found.versioned, found.lifetimeSeconds),
    variants: ctx.variants,
    hot: ctx.hot,
  });
}

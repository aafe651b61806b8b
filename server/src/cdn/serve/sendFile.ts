/** Sends a located file with the content type its name calls for. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Artifact } from '../derived/artifactStore.ts';
import { contentTypeFor } from '../http/contentType.ts';
import type { CachePolicy } from '../http/headers.ts';
import { sendDiskBody } from '../http/sendBody.ts';
import type { CdnContext } from './cdnContext.ts';

export async function sendFile(
  ctx: CdnContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Artifact,
  fileName: string,
  cachePolicy: CachePolicy,
): Promise<FastifyReply> {
  return sendDiskBody(request, reply, body, { contentType: contentTypeFor(fileName), cachePolicy, variants: ctx.variants, hot: ctx.hot });
}

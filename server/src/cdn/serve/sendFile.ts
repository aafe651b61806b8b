/** Sends a located file with the content type its name (and, for SVG, its content) calls for. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Artifact } from '../derived/artifactStore.ts';
import { contentTypeFor, isSvg } from '../http/contentType.ts';
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
  const svgActive = isSvg(fileName) ? await ctx.svg.isActive(body) : true;
  return sendDiskBody(request, reply, body, { contentType: contentTypeFor(fileName, svgActive), cachePolicy, variants: ctx.variants, files: ctx.files, hot: ctx.hot });
}

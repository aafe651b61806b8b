/**
 * Answers `/combine/...`: every part resolved and located (minified on the fly where needed), joined in
 * order under a banner naming the original files, built once per exact set of contents and kept on disk. A
 * part without a file is the version's default file, minified as `/npm/{name}@{version}` serves it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PackageError } from '../../packages/types.ts';
import { type CachePolicy, cachePolicyFor, shortestPolicy } from '../http/headers.ts';
import { combinedBanner } from '../minify/banner.ts';
import { servedDefaultFile } from '../defaultFile.ts';
import type { CombineRequest, FileRequest } from '../../cdnUrl/parseCdnUrl.ts';
import type { Artifact } from '../derived/artifactStore.ts';
import type { CdnContext } from './cdnContext.ts';
import { locateFile } from './locateFile.ts';
import { sendFile } from './sendFile.ts';
import { readStoredText } from '../../packages/storedFile.ts';

interface CombinedPart {
  url: string;
  path: string;
  body: Artifact;
  policy: CachePolicy;
}

/** Source map references would point at the wrong place inside a combined file. */
function withoutSourceMapComment(text: string): string {
  return text.replace(/\n?\/\/[#@] sourceMappingURL=\S*\s*$/, '').replace(/\n?\/\*[#@] sourceMappingURL=[^*]*\*\/\s*$/, '');
}

/** The file a part serves: the one it names, or the version's default file (a 404 when it has none). */
async function partPath(ctx: CdnContext, part: FileRequest, version: string): Promise<string> {
  if (part.mode !== 'default') return part.path;
  const served = servedDefaultFile(await ctx.store.listing(part.ref, version));
  if (!served) throw new PackageError(404, `Couldn't find a default file for ${part.ref.name}@${version}: name a file of it.`);
  return served;
}

export async function serveCombine(ctx: CdnContext, request: FastifyRequest, reply: FastifyReply, combine: CombineRequest): Promise<FastifyReply> {
  request.cdn.type = 'combine';
  const client = ctx.clientKey(request);
  const parts: CombinedPart[] = await Promise.all(
    combine.parts.map(async (part) => {
      const resolved = await ctx.store.resolve(part.ref, part.requested);
      const path = await partPath(ctx, part, resolved.version);
      const located = await locateFile(ctx, part.ref, resolved.version, path, client);
      if (located.kind === 'directory') throw PackageError.fileNotFound(path);
      return { url: `/${part.ref.type}/${part.ref.name}@${resolved.version}${path}`, path, body: located.body, policy: cachePolicyFor(resolved) };
    }),
  );
  const isCss = parts.every((part) => part.path.endsWith('.css'));
  const separator = isCss ? '\n' : '\n;\n';
  const key = parts.map((part) => `${part.url}\n${part.body.sha256}`).join('\n');
  const set = await ctx.artifacts.get('combine', key, async () => {
    const texts = await Promise.all(parts.map(async (part) => withoutSourceMapComment(await readStoredText(part.body))));
    return {
      data: Buffer.from(
        combinedBanner(
          parts.map((p) => p.url),
          ctx.websiteUrl,
        ) + texts.join(separator),
      ),
    };
  });
  request.cdn.answer = 'combine';
  return sendFile(ctx, request, reply, set['data']!, isCss ? 'combined.css' : 'combined.js', shortestPolicy(parts.map((p) => p.policy)));
}

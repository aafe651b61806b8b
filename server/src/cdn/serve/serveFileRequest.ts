/** Answers `/npm/...` and `/gh/...`: a file, the default file, a folder listing or the private JSON listing. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PackageError } from '../../packages/types.ts';
import { applyVersionHeaders, cachePolicyFor } from '../http/headers.ts';
import { canHoldBack, sendMemoryBody } from '../http/sendBody.ts';
import { directoryEntries } from '../listing/directoryEntries.ts';
import { LISTING_POLICY, renderListing } from '../listing/renderListing.ts';
import { servedDefaultFile } from '../defaultFile.ts';
import { privateJson } from '../privateJson.ts';
import type { FileRequest } from '../../cdnUrl/parseCdnUrl.ts';
import type { CdnContext } from './cdnContext.ts';
import { locateFile } from './locateFile.ts';
import { listingUrl, redirectTo } from './redirect.ts';
import { sendFile } from './sendFile.ts';

export async function serveFileRequest(ctx: CdnContext, request: FastifyRequest, reply: FastifyReply, parsed: FileRequest): Promise<FastifyReply> {
  const log = request.cdn;
  log.type = parsed.ref.type;
  log.name = parsed.ref.name;
  // Every answer here needs the version's files: an exact version's are loaded alongside its resolution.
  ctx.store.prefetch(parsed.ref, parsed.requested);
  const resolved = await ctx.store.resolve(parsed.ref, parsed.requested);
  log.version = resolved.version;
  log.kind = resolved.kind;
  // Whether the version's files came from our cache or had to be downloaded for this request (the measured
  // cache hit rate of the origin). A request that waited for another's download of them is a miss too.
  log.cache = (await ctx.store.cached(parsed.ref, resolved.version)) ? 'hit' : 'miss';
  applyVersionHeaders(reply, resolved);
  const policy = cachePolicyFor(resolved);
  const { ref } = parsed;

  if (parsed.mode === 'private-json') {
    log.answer = 'private-json';
    const listing = await ctx.store.listing(ref, resolved.version);
    return sendMemoryBody(request, reply, JSON.stringify(privateJson(resolved, listing)), 'application/json; charset=utf-8', policy);
  }

  if (parsed.mode === 'listing') {
    log.answer = 'listing';
    const listing = await ctx.store.listing(ref, resolved.version);
    const entries = directoryEntries(listing.files, parsed.path);
    if (!entries) throw PackageError.fileNotFound(parsed.path);
    const title = `/${ref.type}/${ref.name}@${resolved.version}${parsed.path}`;
    const pkg = { type: ref.type, name: ref.name, version: resolved.version, path: parsed.path };
    const html = renderListing({ title, hasParent: parsed.path !== '/', entries, pkg, websiteUrl: ctx.websiteUrl });
    reply.header('content-security-policy', LISTING_POLICY);
    return sendMemoryBody(request, reply, html, 'text/html; charset=utf-8', policy);
  }

  let path = parsed.path;
  if (parsed.mode === 'default') {
    const listing = await ctx.store.listing(ref, resolved.version);
    const served = servedDefaultFile(listing);
    if (!served) {
      // No default file: the folder listing is the most useful answer.
      log.answer = 'redirect';
      return redirectTo(reply, listingUrl(parsed, '/'), policy);
    }
    path = served;
  }

  log.file = path;
  const located = await locateFile(ctx, ref, resolved.version, path, ctx.clientKey(request), canHoldBack(request));
  if (located.kind === 'directory') {
    log.answer = 'redirect';
    log.file = null;
    return redirectTo(reply, listingUrl(parsed, path), policy);
  }
  log.answer = parsed.mode === 'default' ? 'default' : located.generated ? 'generated' : 'file';
  return sendFile(ctx, request, reply, located.body, path, policy);
}

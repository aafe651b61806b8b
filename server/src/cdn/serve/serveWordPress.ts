/**
 * Answers `/wp/...`: files of WordPress.org plugins (at a tag or trunk) and themes (at a version), folder
 * listings, and minified files generated from a `.js` or `.css` that has no `.min` beside it, with the
 * caching of npm and GitHub answers: a tag or theme version never changes (immutable), trunk moves (as a branch).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PackageError } from '../../packages/types.ts';
import { wordPressName, wordPressRoot, type WordPressRef } from '../../packages/wordpress/wordpressRef.ts';
import { VERSION_HEADER, VERSION_KIND_HEADER, type CachePolicy } from '../http/headers.ts';
import { sendMemoryBody } from '../http/sendBody.ts';
import { LISTING_POLICY, renderListing } from '../listing/renderListing.ts';
import { generatedTargetFor } from '../minify/generatedNames.ts';
import { encodeFilePath } from '../../cdnUrl/cdnPath.ts';
import type { WordPressRequest } from '../../cdnUrl/parseWpPath.ts';
import type { CdnContext } from './cdnContext.ts';
import { redirectTo } from './redirect.ts';
import { sendFile } from './sendFile.ts';

function listingLocation(ref: WordPressRef, folder: string): string {
  return `${wordPressRoot(ref)}${encodeFilePath(folder.replace(/\/+$/, ''))}/`;
}

export async function serveWordPress(ctx: CdnContext, request: FastifyRequest, reply: FastifyReply, parsed: WordPressRequest): Promise<FastifyReply> {
  const { ref } = parsed;
  const log = request.cdn;
  log.type = 'wp';
  log.name = wordPressName(ref);
  log.version = ref.version;
  log.kind = ref.trunk ? 'branch' : 'version';
  reply.header(VERSION_HEADER, ref.version);
  reply.header(VERSION_KIND_HEADER, log.kind);
  const policy: CachePolicy = ref.trunk ? 'branch' : 'immutable';
  const files = ctx.wordpress;

  if (parsed.mode === 'root') {
    log.answer = 'redirect';
    return redirectTo(reply, listingLocation(ref, '/'), policy);
  }

  if (parsed.mode === 'listing') {
    log.answer = 'listing';
    const found = await files.listing(ref, parsed.path);
    log.cache = found.hit ? 'hit' : 'miss';
    if (!found.value) throw PackageError.fileNotFound(parsed.path);
    // The upstream's listing names its entries only: sizes and times are not known without a request each.
    const entries = found.value.map((entry) => ({ name: entry.name, type: entry.type, size: -1, time: '' }));
    const html = renderListing({ title: `${wordPressRoot(ref)}${parsed.path}`, hasParent: parsed.path !== '/', entries, websiteUrl: ctx.websiteUrl });
    reply.header('content-security-policy', LISTING_POLICY);
    return sendMemoryBody(request, reply, html, 'text/html; charset=utf-8', policy);
  }

  const path = parsed.path;
  log.file = path;
  const found = await files.file(ref, path);
  log.cache = found.hit ? 'hit' : 'miss';
  if (found.value?.kind === 'directory') {
    log.answer = 'redirect';
    log.file = null;
    return redirectTo(reply, listingLocation(ref, path), policy);
  }
  if (found.value) {
    log.answer = 'file';
    return sendFile(ctx, request, reply, found.value.body, path, policy);
  }
  const target = generatedTargetFor(path);
  // A map is generated only beside a generated file: an existing x.min.js has its own map, or none.
  const generatable = target && (!target.map || (await files.file(ref, target.minifiedPath)).value === null);
  if (target && generatable) {
    const source = (await files.file(ref, target.sourcePath)).value;
    if (source?.kind === 'file') {
      const minified = await ctx.minifier.getFor(`${wordPressRoot(ref)}${target.sourcePath}`, target, source.body, ctx.clientKey(request));
      const body = target.map ? minified.map : minified.code;
      if (body) {
        log.answer = 'generated';
        return sendFile(ctx, request, reply, body, path, policy);
      }
    }
  }
  throw PackageError.fileNotFound(path);
}

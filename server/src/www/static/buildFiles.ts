/**
 * Serves one file of a build folder: precompressed `.br`/`.gz` siblings when the client accepts them,
 * long-lived caching for content-hashed names and revalidation (ETag, 304) for the rest.
 * Compressible files without a sibling are left to the on-the-fly compression registered on the app.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime-types';
import { FILE_SUFFIX, acceptedEncodings } from '../http/acceptEncoding.ts';
import { matchesIfNoneMatch } from '../../http/conditional.ts';
import { cacheControlFor } from './cachePolicy.ts';
import { resolveInside } from './requestPath.ts';

export interface ServeFileOptions {
  /** Lets pages on other origins load the file (a remote may be hosted apart from the shell). */
  cors: boolean;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|wasm)|image\/svg\+xml)/;

export function contentTypeOf(fileName: string): string {
  return mime.contentType(path.extname(fileName)) || 'application/octet-stream';
}

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

async function regularFile(file: string): Promise<Stats | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

const fileEtag = (info: Stats, suffix = ''): string =>
  `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${suffix}"`;

/**
 * Sends the file `relative` inside `root` and returns true (the caller then returns the reply), or returns false without
 * touching the reply when there is no such file (so the caller can fall back to a page or a 404).
 */
export async function serveBuildFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  relative: string,
  options: ServeFileOptions,
): Promise<boolean> {
  // Dotfiles (build stamps, editor files) are not part of what a build publishes.
  if (relative.split('/').some((segment) => segment.startsWith('.'))) return false;
  const file = resolveInside(root, relative);
  if (!file) return false;
  const info = await regularFile(file);
  if (!info) return false;

  const contentType = contentTypeOf(file);
  let servedFile = file;
  let servedInfo = info;
  let encoding: string | undefined;
  if (isCompressible(contentType)) {
    reply.header('vary', 'accept-encoding');
    for (const candidate of acceptedEncodings(request.headers['accept-encoding'])) {
      const sibling = await regularFile(file + FILE_SUFFIX[candidate]);
      if (sibling) {
        servedFile = file + FILE_SUFFIX[candidate];
        servedInfo = sibling;
        encoding = candidate;
        break;
      }
    }
  }

  // A compressible file sent as is may still be compressed on the fly, so its tag is weak; a precompressed
  // sibling is sent byte for byte and keeps a strong tag of its own.
  const strong = fileEtag(servedInfo, encoding ? `-${encoding}` : '');
  const etag = encoding || !isCompressible(contentType) ? strong : `W/${strong}`;
  reply.header('etag', etag);
  reply.header('last-modified', info.mtime.toUTCString());
  reply.header('cache-control', cacheControlFor(file));
  if (options.cors) reply.header('access-control-allow-origin', '*');
  if (matchesIfNoneMatch(request, etag)) {
    reply.code(304).send();
    return true;
  }
  const body = await readFile(servedFile);
  if (encoding) reply.header('content-encoding', encoding);
  reply.code(200).type(contentType).send(body);
  return true;
}

/**
 * Serves one file of a build folder with `@fastify/static` (`preCompressed`): the `.br`/`.gz` sibling the
 * client accepts, `Vary: Accept-Encoding`, ETag and 304, byte ranges and HEAD. Long-lived caching for
 * content-hashed names and revalidation for the rest (cachePolicy.ts). Compressible files without a
 * sibling are left to the on-the-fly compression registered on the app.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cacheControlFor } from './cachePolicy.ts';
import { resolveInside } from './requestPath.ts';

/** Gives the app's replies `sendFile`, with no route of its own: the website decides which folder answers. */
export async function registerBuildFiles(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, { serve: false, preCompressed: true, cacheControl: false, dotfiles: 'ignore' });
}

async function isRegularFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends the file `relative` (already normalised by requestPath.ts) inside `root` and returns true (the caller
 * then returns the reply), or returns false without touching the reply when there is no such file (so the
 * caller can fall back to a page or a 404).
 */
export async function serveBuildFile(reply: FastifyReply, root: string, relative: string): Promise<boolean> {
  // Dotfiles (build stamps, editor files) are not part of what a build publishes.
  if (relative.split('/').some((segment) => segment.startsWith('.'))) return false;
  const file = resolveInside(root, relative);
  // Checked here because the plugin answers a missing file with the app's not-found handler, not a fallback.
  if (!file || !(await isRegularFile(file))) return false;
  reply.header('cache-control', cacheControlFor(file));
  reply.sendFile(path.relative(root, file).split(path.sep).join('/'), root);
  return true;
}

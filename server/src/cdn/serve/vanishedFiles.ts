/**
 * A file of the cache that went between its lookup and its read. The disk budget takes versions and generated
 * files least recently used first, and when what arrives outruns it, also ones a process still holds in memory
 * (`packages/storage/diskBudget.ts`). A response already streaming keeps reading the file it opened (a removed
 * file lives on while open); one that had only looked the file up meets ENOENT. Such a request is answered
 * again, after what this process remembered of the file is forgotten: the version is read again from disk, or
 * downloaded and extracted again, and a generated file is built again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CdnContext } from './cdnContext.ts';

/** An error of reading a file that is not there, naming the file. */
function vanishedPath(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, path } = error as NodeJS.ErrnoException;
  return code === 'ENOENT' && typeof path === 'string' ? path : null;
}

/**
 * The read of a vanished file among a module build's errors (esbuild keeps what a plugin threw as a message's
 * `detail`), to be thrown as it is: the package's files went, which says nothing of whether it builds.
 */
export function vanishedFileAmong(details: readonly unknown[]): NodeJS.ErrnoException | null {
  return (details.find((detail) => vanishedPath(detail) !== null) as NodeJS.ErrnoException | undefined) ?? null;
}

/** How many cache files one answer reads at most that can vanish one after another (a blob, its compressed variant, a generated file's parts). */
const MAX_ATTEMPTS = 4;

/**
 * Serves the request; when a cache file vanished before anything was sent, forgets it and serves it again. Each
 * attempt may meet another file gone in the same sweep (the compressed variant, then the file it was made
 * from); the same file gone twice is an error.
 */
export async function againIfVanished(
  ctx: CdnContext,
  request: FastifyRequest,
  reply: FastifyReply,
  serve: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  // The headers the hooks set before the handler: another attempt starts from them, not from the last one's.
  const headersBefore = reply.getHeaders();
  const forgotten = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    try {
      return await serve();
    } catch (error) {
      const diskPath = vanishedPath(error);
      if (diskPath === null || reply.sent || forgotten.has(diskPath) || attempt === MAX_ATTEMPTS) throw error;
      forgotten.add(diskPath);
      request.log.info({ file: diskPath }, 'a cache file went after it was looked up: forgotten and served again');
      await ctx.store.vanished(diskPath);
      ctx.artifacts.vanished(diskPath);
      for (const name of Object.keys(reply.getHeaders())) if (!(name in headersBefore)) reply.removeHeader(name);
      reply.headers(headersBefore);
      reply.code(200);
    }
  }
}

/**
 * A response's bytes streamed from a file of the cache. Each response opens the file itself and its stream owns
 * the descriptor: the stream closes it once, when it ends or when the client goes away, and nothing else ever
 * holds it. There is deliberately no cache of open descriptors: Node's fs.ReadStream closes a descriptor it was
 * given when it is destroyed (even with `autoClose: false`), so a descriptor shared between responses was closed
 * by the first one cut off, and its number, reused by the next file, pipe or socket, served the wrong bytes to the
 * responses after it (`descriptors.test.ts`). Keeping descriptors open bought nothing measurable either: files
 * large enough to stream take several reads each, beside which an open and a close are small, and the small
 * popular files are answered from memory (`hotFiles.ts`).
 */
import fs from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';

/** Reads of up to this many bytes: fewer trips through the thread pool for large files, little memory held per response. */
const MAX_CHUNK_BYTES = 256 * 1024;

/**
 * A stream of bytes start..end (inclusive) of the file. The file is opened before it resolves, so a file that
 * vanished from the cache is an error before any header is written rather than a cut-off body.
 */
export async function openFileStream(diskPath: string, start: number, end: number): Promise<Readable> {
  const length = end - start + 1;
  // The stream opens the file itself, with the callback API: a FileHandle of node:fs/promises costs more CPU
  // than the open (see `hotFiles.ts`, `readWhole`). `once` rejects with the stream's error when it cannot open.
  const stream = fs.createReadStream(diskPath, { start, end, highWaterMark: Math.min(Math.max(length, 16 * 1024), MAX_CHUNK_BYTES) });
  await once(stream, 'open');
  return stream;
}

/**
 * Sends file content: ETag and 304, byte ranges (206/416), a compressed variant chosen by Accept-Encoding,
 * and the body streamed from disk. The fast path for a warm file is a few header writes and one read
 * stream; nothing is hashed or parsed per request.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Artifact } from '../derived/artifactStore.ts';
import type { CompressedVariants } from '../derived/compressedVariants.ts';
import { CACHE_CONTROL, type CachePolicy } from './headers.ts';
import { type Encoding, etagFor, ifNoneMatchMatches, negotiateEncoding, parseRange } from './conditional.ts';
import { SANDBOX_POLICY, isCompressible, needsSandbox } from './contentType.ts';
import type { HotFiles } from './hotFiles.ts';
import { openFileStream } from './fileStream.ts';

/** Below this size compression saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;

export interface SendOptions {
  contentType: string;
  cachePolicy: CachePolicy;
  /** A Cache-Control value that replaces the policy's (files whose lifetime their upstream sets). */
  cacheControl?: string;
  /** Null to never compress (for example while benchmarking the identity path). */
  variants: CompressedVariants | null;
  /** Small files served from memory; null to always stream from disk. */
  hot: HotFiles | null;
}

/** Adds a request header the answer depends on to its `Vary`, keeping those named before. */
export function addVary(reply: FastifyReply, header: string): void {
  const existing = reply.getHeader('vary');
  const names =
    existing === undefined
      ? []
      : String(existing)
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === header.toLowerCase())) names.push(header);
  reply.header('vary', names.join(', '));
}

async function streamFrom(reply: FastifyReply, diskPath: string, start: number, end: number): Promise<FastifyReply> {
  return reply.send(await openFileStream(diskPath, start, end));
}

/**
 * A provisional body (`Artifact.pending`): all but its last bytes at once, the rest once it is confirmed. When
 * it is not, the stream fails and the response is cut short of its length, which no client or cache takes
 * for a whole answer.
 */
function heldToTheEnd(content: Buffer, pending: Promise<void>): Readable {
  const held = content.length <= 1 ? content.length : Math.min(HELD_BYTES, content.length - 1);
  return Readable.from(
    (async function* () {
      if (held < content.length) yield content.subarray(0, content.length - held);
      await pending;
      yield content.subarray(content.length - held);
    })(),
    { objectMode: false },
  );
}

/** What a provisional body holds back until it is confirmed; its first bytes go at once, with the headers. */
const HELD_BYTES = 1024;

/**
 * Whether the answer to this request is a whole body, whose end can be held back (`heldToTheEnd`): not a
 * range, a 304 or a HEAD answer, which would be complete as soon as they are sent.
 */
export function canHoldBack(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.headers.range === undefined && request.headers['if-none-match'] === undefined;
}

export async function sendDiskBody(request: FastifyRequest, reply: FastifyReply, body: Artifact, options: SendOptions): Promise<FastifyReply> {
  if (body.pending && !canHoldBack(request)) await body.pending;
  const compressible = isCompressible(options.contentType);
  reply.header('content-type', options.contentType);
  if (needsSandbox(options.contentType)) reply.header('content-security-policy', SANDBOX_POLICY);
  reply.header('cache-control', options.cacheControl ?? CACHE_CONTROL[options.cachePolicy]);
  reply.header('accept-ranges', 'bytes');
  if (compressible) addVary(reply, 'Accept-Encoding');

  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  const rangeAllowed = rangeHeader !== undefined && (ifRange === undefined || ifRange === etagFor(body.sha256, null));
  let encoding: Encoding | null = null;
  let variant: Artifact = body;
  if (compressible && !rangeAllowed && options.variants && body.size >= MIN_COMPRESS_BYTES) {
    encoding = negotiateEncoding(request.headers['accept-encoding']);
    const compressed = encoding ? await options.variants.get(body, encoding) : null;
    if (compressed) variant = compressed;
    else encoding = null;
  }
  reply.header('etag', etagFor(body.sha256, encoding));

  if (ifNoneMatchMatches(request.headers['if-none-match'], body.sha256)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);

  if (rangeAllowed) {
    const range = parseRange(rangeHeader, body.size);
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${body.size}`);
      reply.header('content-type', 'text/plain; charset=utf-8');
      return reply.code(416).send(`The requested range is not satisfiable: the file has ${body.size} bytes.`);
    }
    if (range.kind === 'range') {
      reply.code(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${body.size}`);
      reply.header('content-length', range.end - range.start + 1);
      if (request.method === 'HEAD') return reply.send();
      if (body.content) return reply.send(body.content.subarray(range.start, range.end + 1));
      return streamFrom(reply, body.diskPath, range.start, range.end);
    }
  }

  reply.header('content-length', variant.size);
  if (request.method === 'HEAD' || variant.size === 0) return reply.send();
  if (variant.content) return reply.send(body.pending ? heldToTheEnd(variant.content, body.pending) : variant.content);
  const hot = options.hot;
  if (hot) {
    const kept = hot.peek(variant.diskPath);
    if (kept) return reply.send(kept);
    if (hot.keeps(variant.diskPath, variant.size)) return reply.send(await hot.get(variant.diskPath, variant.size));
  }
  return streamFrom(reply, variant.diskPath, 0, variant.size - 1);
}

/** Sends a small body built in memory (listings, JSON): ETag from its hash, 304, HEAD. */
export function sendMemoryBody(request: FastifyRequest, reply: FastifyReply, content: string, contentType: string, cachePolicy: CachePolicy): FastifyReply {
  const bytes = Buffer.from(content);
  const sha256 = crypto.createHash('sha256').update(bytes).digest('base64');
  reply.header('content-type', contentType);
  reply.header('cache-control', CACHE_CONTROL[cachePolicy]);
  reply.header('etag', etagFor(sha256, null));
  if (ifNoneMatchMatches(request.headers['if-none-match'], sha256)) return reply.code(304).send();
  reply.header('content-length', bytes.length);
  return reply.send(request.method === 'HEAD' ? undefined : bytes);
}

/**
 * The data API's answers compressed: brotli or gzip, as the request's Accept-Encoding allows (brotli first),
 * with `Vary: Accept-Encoding` on every answer that could be compressed, so caches keep each form apart. An
 * answer is compressed once per form and kept with its entity tag (the same answer has the same tag), so the
 * next request for it is sent from memory; the work runs on libuv's threads, never on the serving thread.
 * Runs after the conditional answer (`../../http/conditional.ts`): a 304 has no body to compress, and the weak
 * tag stands for every form of the answer alike. A fastify-plugin: it applies to every route of the service.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { negotiateEncoding, type Encoding } from '../../http/encoding.ts';

/** Below this, the headers cost more than compression saves. */
const THRESHOLD_BYTES = 1024;
/** The compressed forms kept, by their bytes. */
const CACHE_BYTES = 64 * 1024 * 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|yaml|javascript|problem\+json)|text\/|image\/svg\+xml)/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  // Brotli's quality 5 compresses JSON about as well as its slowest setting, in a fraction of the time (a
  // megabyte of JSON in about 20 ms): an answer is compressed on its first request, which waits for it.
  if (encoding === 'br')
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  return gzip(body, { level: 6 });
}

const plugin: FastifyPluginAsync = async (app) => {
  const kept = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (bytes) => Math.max(1, bytes.length) });
  // Requests for one answer that arrive while it is being compressed wait for that work instead of repeating it.
  const inFlight = new Map<string, Promise<Buffer>>();
  const compressedForm = (key: string, body: Buffer, encoding: Encoding): Promise<Buffer> => {
    const hit = kept.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = compress(body, encoding).finally(() => inFlight.delete(key));
      pending.then(
        (bytes) => kept.set(key, bytes),
        () => undefined,
      );
      inFlight.set(key, pending);
    }
    return pending;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type) || reply.hasHeader('content-encoding')) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < THRESHOLD_BYTES) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    // Every successful answer has its tag by now (the conditional answer's hook runs first): the same tag, the same bytes.
    const etag = reply.getHeader('etag');
    const bytes = typeof etag === 'string' ? await compressedForm(`${encoding} ${etag}`, body, encoding) : await compress(body, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return bytes;
  });
};

export const dataCompression = fp(plugin, { name: 'data-compression', dependencies: ['data-behaviour'] });

/**
 * Whole answers for the most requested files, kept in memory and sent again before the framework sees the
 * request. Only answers that can never change are kept: a 200 for an exact version or commit (immutable),
 * whose body was sent from memory, to a plain GET without a query string, byte range or validator. The first
 * request for a URL takes the full path; the headers and body it sent are recorded, and the next request for
 * the URL (with the same negotiated encoding) gets them back as they were. A replayed answer is logged and
 * counted like any other, with the request context the full path had (and `cache: hit`).
 *
 * A body read from the hot files (`../http/hotFiles.ts`) stays theirs: an answer keeps only where it is, and is
 * replayed from there, read back first when they let it go. So the files in memory are held once, and an answer
 * outlives its body in memory: with a copy of its own, an answer lived only as long as its body, and the answers
 * held a fraction of the files in the same memory.
 *
 * Why: a warm file is most of what a CDN serves, and for it the full path (routing, hooks, version cache,
 * file index, content type, compressed variant) costs more than sending the bytes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import type { PackageRef } from '../../packages/types.ts';
import { type Encoding, negotiateEncoding } from '../http/conditional.ts';
import { CACHE_CONTROL } from '../http/headers.ts';
import type { HotFiles } from '../http/hotFiles.ts';
import type { CdnRequestContext } from './requestContext.ts';
import { lruMemoryUse, type MemoryUse } from '../../config/memoryCaches.ts';

export interface WarmAnswersOptions {
  /** Bodies up to this size are kept (default 512 kB, as the hot files in memory). */
  maxBodyBytes?: number;
  /** Memory for all kept answers together, their own bodies and an estimate of the rest (default 64 MB). */
  maxTotalBytes?: number;
  /** The files in memory whose bodies are replayed from there rather than copied (none: each answer keeps its own). */
  bodies?: HotFiles | null;
}

/**
 * What an answer holds besides its body (its headers, log context and key), as an estimate: 30,000 answers with the
 * CDN's 13 headers took 852 bytes of heap each.
 */
export const ANSWER_BYTES = 1024;

type Representation = Encoding | 'identity';

export interface WarmAnswer {
  headers: OutgoingHttpHeaders;
  /** The body, when this answer holds it; null when the hot files hold it (`keptAt`). */
  body: Buffer | null;
  /** The disk path under which the hot files hold the body, when they do. */
  keptAt: string | null;
  /** The body's length. */
  length: number;
  /** What the request log records of a replay: the full path's request context as it ended, a cache hit. */
  log: Readonly<CdnRequestContext>;
  /** The route that answered first, for the HTTP metrics. */
  route: string;
}

/** Told of each replayed answer, once sent: the log line and the metrics. */
export type ReplayReport = (request: IncomingMessage, answer: WarmAnswer, seconds: number) => void;

/** The answers of one URL: one per representation when the file is compressed, otherwise one for all. */
interface WarmUrl {
  ref: PackageRef;
  byEncoding: Partial<Record<Representation, WarmAnswer>>;
  varies: boolean;
}

/** Request headers under which the full path may answer differently (a part, a 304). */
const CONDITIONAL_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since'] as const;
/** Headers the server writes itself for each response. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const REPLAYABLE_ANSWERS = new Set<CdnRequestContext['answer']>(['file', 'generated', 'default']);

export class WarmAnswers {
  private readonly maxBodyBytes: number;
  private readonly bodies: HotFiles | null;
  private readonly urls: LRUCache<string, WarmUrl>;
  /** Accept-Encoding values seen, to their choice: browsers send a handful of distinct values. */
  private readonly negotiated = new Map<string, Encoding | null>();

  constructor(options: WarmAnswersOptions = {}) {
    this.maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;
    this.bodies = options.bodies ?? null;
    this.urls = new LRUCache<string, WarmUrl>({
      maxSize: options.maxTotalBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (entry) => Object.values(entry.byEncoding).reduce((sum, answer) => sum + ANSWER_BYTES + (answer.body?.length ?? 0), 0),
    });
  }

  private report: ReplayReport = () => {};

  /** Who logs and counts replayed answers (set once the app's logger and metrics exist). */
  onReplay(report: ReplayReport): void {
    this.report = report;
  }

  /**
   * Sends the recorded answer for this request; false when the full path must answer it. A body the hot files let
   * go is read back into them first (one read for concurrent requests); when it cannot be read (the file cache
   * swept its version), the answer is forgotten and the request handed to the full path (`otherwise`), which
   * fetches the version again and records the answer anew.
   */
  serve(request: IncomingMessage, response: ServerResponse, otherwise: (request: IncomingMessage, response: ServerResponse) => void): boolean {
    const answer = this.find(request);
    if (!answer) return false;
    const { keptAt } = answer;
    const body = answer.body ?? (keptAt === null ? undefined : this.bodies?.peek(keptAt));
    if (body) {
      this.send(request, response, answer, body);
      return true;
    }
    if (keptAt === null || !this.bodies) return false;
    const url = request.url ?? '';
    this.bodies
      .get(keptAt, answer.length)
      .then(
        (read) => this.send(request, response, answer, read),
        () => {
          this.urls.delete(url);
          otherwise(request, response);
        },
      )
      .catch((error: Error) => response.destroy(error));
    return true;
  }

  private send(request: IncomingMessage, response: ServerResponse, answer: WarmAnswer, body: Buffer): void {
    const started = performance.now();
    response.writeHead(200, answer.headers);
    response.end(body);
    this.report(request, answer, (performance.now() - started) / 1000);
  }

  /** The recorded answer for this request, or undefined when the full path must answer it. */
  find(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): WarmAnswer | undefined {
    if (request.method !== 'GET') return undefined;
    const entry = this.urls.get(request.url ?? '');
    if (!entry) return undefined;
    const headers = request.headers;
    for (const name of CONDITIONAL_HEADERS) if (headers[name] !== undefined) return undefined;
    if (!entry.varies) return entry.byEncoding.identity;
    return entry.byEncoding[this.encodingFor(headers['accept-encoding']) ?? 'identity'];
  }

  /** After the full path answered: keeps the answer when it can be replayed as it is. */
  record(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const log = request.cdn;
    if (request.method !== 'GET' || reply.statusCode !== 200 || !Buffer.isBuffer(payload) || payload.length > this.maxBodyBytes) return;
    if (!REPLAYABLE_ANSWERS.has(log.answer) || log.name === null || log.proxy !== null || (log.type !== 'npm' && log.type !== 'gh')) return;
    if (request.url.includes('?') || CONDITIONAL_HEADERS.some((name) => request.headers[name] !== undefined)) return;
    if (reply.getHeader('cache-control') !== CACHE_CONTROL.immutable) return;
    const encoding = (reply.getHeader('content-encoding') as Encoding | undefined) ?? 'identity';
    const existing = this.urls.get(request.url);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (!PER_RESPONSE_HEADERS.has(name) && value !== undefined) headers[name] = value;
    const varies = String(headers['vary'] ?? '')
      .toLowerCase()
      .includes('accept-encoding');
    const keptAt = this.bodies?.pathOf(payload) ?? null;
    const answer: WarmAnswer = {
      headers,
      body: keptAt === null ? payload : null,
      keptAt,
      length: payload.length,
      // Frozen: the request log serializes a frozen context once for all its replays.
      log: Object.freeze({ ...log, cache: 'hit' }),
      route: request.routeOptions.url ?? 'unmatched',
    };
    const kept = existing && existing.varies === varies ? existing.byEncoding : {};
    // A new entry each time: the cache measures an entry's size when it is set, not when it changes.
    this.urls.set(request.url, { ref: { type: log.type, name: log.name }, byEncoding: { ...kept, [encoding]: answer }, varies });
  }

  /** Bytes of the answers kept (their own bodies, and the estimate of the rest), and the budget. */
  memoryBytes(): MemoryUse {
    return lruMemoryUse(this.urls);
  }

  /** Forgets every answer of a package (after a purge). */
  forget(ref: PackageRef): void {
    for (const [url, entry] of this.urls.entries()) {
      if (entry.ref.type === ref.type && entry.ref.name === ref.name) this.urls.delete(url);
    }
  }

  clear(): void {
    this.urls.clear();
  }

  private encodingFor(acceptEncoding: string | undefined): Encoding | null {
    if (acceptEncoding === undefined) return null;
    let choice = this.negotiated.get(acceptEncoding);
    if (choice === undefined) {
      choice = negotiateEncoding(acceptEncoding);
      if (this.negotiated.size >= 256) this.negotiated.clear();
      this.negotiated.set(acceptEncoding, choice);
    }
    return choice;
  }
}

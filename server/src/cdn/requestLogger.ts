/** Turns each answered request into one request log line and the CDN metrics. */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import type { RequestLogLine } from '../requestlog/line.ts';
import type { RequestLogWriter } from '../requestlog/writer.ts';
import type { CountryLookup } from './geo/countryDatabase.ts';
import { clientAddress, createEdgeTrust } from '../http/edgeTrust.ts';
import type { CdnMetrics } from './metrics.ts';
import type { CdnRequestContext } from './serve/requestContext.ts';
import { edgeSecretOf } from '../config/edgeSecret.ts';

const NOT_LOGGED = new Set(['/healthz', '/readyz', '/metrics']);

/** What the log needs of an answered request, whichever path answered it. */
export interface AnsweredRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string | undefined };
  statusCode: number;
  /** The Content-Length the answer declared (absent for a streamed body of unknown length). */
  contentLength: unknown;
  cdn: CdnRequestContext;
}

export type RequestLogger = (answered: AnsweredRequest) => void;

function header(request: AnsweredRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 512) : null;
}

function bodyBytes(request: AnsweredRequest): number {
  if (request.method === 'HEAD' || request.statusCode === 304 || request.statusCode === 204) return 0;
  const length = Number(request.contentLength);
  return Number.isFinite(length) ? length : 0;
}

/** The time of a line: one ISO string per millisecond, as a busy origin answers several in one. */
function clock(): () => string {
  let lastMs = -1;
  let lastIso = '';
  return () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    return lastIso;
  };
}

/**
 * Provider and country are the ones a trusted fronting CDN names in its headers (../http/edgeTrust.ts); for anyone
 * else the provider is our origin (null) and the country that of the client's address (null for loopback and
 * private addresses, and while the database loads).
 */
export function createRequestLogger(config: Config, writer: RequestLogWriter | null, metrics: CdnMetrics, countries: CountryLookup | null): RequestLogger {
  const fromEdge = createEdgeTrust({ ...config.edgeHeaders, secret: edgeSecretOf(config) });
  const now = clock();
  return (request) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (NOT_LOGGED.has(path)) return;
    const ctx = request.cdn;
    const status = request.statusCode;
    const bytes = bodyBytes(request);
    const answer = status >= 400 ? 'error' : status === 304 ? 'not-modified' : (ctx.answer ?? 'other');
    metrics.requests.inc({ kind: answer, status: String(status) });
    metrics.bytes.inc({ kind: answer }, bytes);
    if (!writer) return;
    const trusted = fromEdge(request);
    const t = now();
    const { head, tail } = contextJson(ctx, status, bytes);
    const provider = trusted ? header(request, config.edgeHeaders.provider) : null;
    const country = (trusted ? header(request, config.edgeHeaders.country) : null) ?? countries?.countryOf(clientAddress(request, trusted)) ?? null;
    const ua = header(request, 'user-agent');
    // The fields in RequestLogLine's order: the same text JSON.stringify gives the line as an object.
    writer.appendJson(t, `{"v":1,"t":"${t}",${head},"provider":${json(provider)},"country":${json(country)},"ua":${json(ua)},${tail}}`);
  };
}

function json(value: string | null): string {
  return value === null ? 'null' : JSON.stringify(value);
}

interface ContextJson {
  status: number;
  bytes: number;
  /** `"type":…` to `"bytes":…`, without braces. */
  head: string;
  /** `"proxy":…,"cache":…`. */
  tail: string;
}

/**
 * A frozen context is a replayed warm answer's (`serve/warmAnswers.ts`), logged again for every replay: its
 * fields are serialized once. Serializing each of those lines whole took a tenth of a warm file's throughput.
 */
const frozenContexts = new WeakMap<CdnRequestContext, ContextJson>();

function contextJson(ctx: CdnRequestContext, status: number, bytes: number): ContextJson {
  const kept = frozenContexts.get(ctx);
  if (kept && kept.status === status && kept.bytes === bytes) return kept;
  const fields: Omit<RequestLogLine, 'v' | 't' | 'provider' | 'country' | 'ua' | 'proxy' | 'cache'> = {
    type: ctx.type,
    name: ctx.name,
    version: ctx.version,
    kind: ctx.kind,
    file: ctx.file,
    status,
    bytes,
  };
  const parts: ContextJson = {
    status,
    bytes,
    head: JSON.stringify(fields).slice(1, -1),
    tail: JSON.stringify({ proxy: ctx.proxy, cache: ctx.cache }).slice(1, -1),
  };
  if (Object.isFrozen(ctx)) frozenContexts.set(ctx, parts);
  return parts;
}

/** The logger as a Fastify onResponse hook: a callback hook, as a promise per answer is a visible cost for a warm file. */
export function requestLogHook(log: RequestLogger) {
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    try {
      log({
        method: request.method,
        url: request.url,
        headers: request.headers,
        socket: request.socket,
        statusCode: reply.statusCode,
        contentLength: reply.getHeader('content-length'),
        cdn: request.cdn,
      });
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
}

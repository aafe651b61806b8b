/** Turns each answered request into one request log line and the CDN metrics. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import type { RequestLogLine } from '../requestlog/line.ts';
import type { RequestLogWriter } from '../requestlog/writer.ts';
import type { CountryLookup } from './geo/countryDatabase.ts';
import { clientAddress, createEdgeTrust } from './edgeTrust.ts';
import type { CdnMetrics } from './metrics.ts';
import { edgeSecretOf } from '../config/edgeSecret.ts';

const NOT_LOGGED = new Set(['/healthz', '/readyz', '/metrics']);

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 512) : null;
}

function bodyBytes(request: FastifyRequest, reply: FastifyReply): number {
  if (request.method === 'HEAD' || reply.statusCode === 304 || reply.statusCode === 204) return 0;
  const length = Number(reply.getHeader('content-length'));
  return Number.isFinite(length) ? length : 0;
}

/**
 * Provider and country are the ones a trusted fronting CDN names in its headers (edgeTrust.ts); for anyone
 * else the provider is our origin (null) and the country that of the client's address (null for loopback and
 * private addresses, and while the database loads).
 */
export function requestLogHook(config: Config, writer: RequestLogWriter | null, metrics: CdnMetrics, countries: CountryLookup | null) {
  const fromEdge = createEdgeTrust({ ...config.edgeHeaders, secret: edgeSecretOf(config) });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (NOT_LOGGED.has(path)) return;
    const ctx = request.cdn;
    const bytes = bodyBytes(request, reply);
    const answer = reply.statusCode >= 400 ? 'error' : reply.statusCode === 304 ? 'not-modified' : (ctx.answer ?? 'other');
    metrics.requests.inc({ kind: answer, status: String(reply.statusCode) });
    metrics.bytes.inc({ kind: answer }, bytes);
    if (!writer) return;
    const trusted = fromEdge(request);
    const line: RequestLogLine = {
      v: 1,
      t: new Date().toISOString(),
      type: ctx.type,
      name: ctx.name,
      version: ctx.version,
      kind: ctx.kind,
      file: ctx.file,
      status: reply.statusCode,
      bytes,
      provider: trusted ? header(request, config.edgeHeaders.provider) : null,
      country: (trusted ? header(request, config.edgeHeaders.country) : null) ?? countries?.countryOf(clientAddress(request, trusted)) ?? null,
      ua: header(request, 'user-agent'),
      proxy: ctx.proxy,
      cache: ctx.cache,
    };
    writer.append(line);
  };
}

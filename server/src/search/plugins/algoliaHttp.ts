/**
 * Algolia's protocol around every route of the search service: bodies read as text whatever their type
 * (gzip too), CORS, the application id and API key checked on `/1/...`, and errors in Algolia's shape
 * `{ message, status }`. A fastify-plugin: its parsers, hooks and handlers are the whole service's.
 */
import { createGunzip } from 'node:zlib';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import { registerPublicCors } from '../../http/cors.ts';
import { frameworkAnswer } from '../../http/inputBounds.ts';
import { ClientOverBudget } from '../../admission/fairQueue.ts';
import { ProtocolError } from '../protocol.ts';
import { QueryPoolError } from '../queryPool.ts';

interface Credentials {
  appId: string | undefined;
  apiKey: string | undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The key and application id travel as headers (server clients) or query parameters (browser clients). */
function credentialsOf(request: FastifyRequest): Credentials {
  const query = request.query as Record<string, string | string[] | undefined>;
  const fromQuery = (name: string): string | undefined => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    appId: header(request, 'x-algolia-application-id') ?? fromQuery('x-algolia-application-id'),
    apiKey: header(request, 'x-algolia-api-key') ?? fromQuery('x-algolia-api-key'),
  };
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message, status });
}

const plugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // Bodies arrive as JSON or as text/plain (the lite client, to avoid a CORS preflight); both are read as
  // text and parsed in one place, so a malformed body is a 400 in Algolia's shape whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (header(request, 'content-encoding') !== 'gzip') return payload;
    // Fastify checks Content-Length against the bytes received, which it reads from this property.
    const gunzip = Object.assign(createGunzip(), { receivedEncodedLength: 0 });
    payload.on('data', (chunk: Buffer) => {
      gunzip.receivedEncodedLength += chunk.length;
    });
    payload.pipe(gunzip);
    return gunzip;
  });

  // Browsers call from the website's origin; everything here is public, read-only data (queries are POSTed).
  await registerPublicCors(app, { methods: ['GET', 'POST', 'OPTIONS'] });

  app.addHook('onRequest', async (request, reply) => {
    // The route that will answer, not the address as sent: `/%31/indexes/...` is routed to `/1/indexes/...` too.
    if (request.method === 'OPTIONS' || !request.routeOptions.url?.startsWith('/1/')) return;
    const { appId, apiKey } = credentialsOf(request);
    if (appId !== config.search.appId || apiKey !== config.search.apiKey) {
      return sendError(reply, 403, 'Invalid Application-ID or API key');
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ProtocolError) return sendError(reply, error.status, error.message);
    if (error instanceof QueryPoolError) {
      request.log.warn({ status: error.status }, error.message);
      return sendError(reply, error.status, error.message);
    }
    if (error instanceof ClientOverBudget) return sendError(reply.header('retry-after', String(error.retryAfterSeconds)), error.status, error.message);
    const framework = frameworkAnswer(error as FastifyError);
    if (framework) return sendError(reply, framework.status, framework.message);
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The request body is too large' : error instanceof Error ? error.message : 'Bad request';
      return sendError(reply, status, message);
    }
    request.log.error({ err: error }, 'Search request failed');
    return sendError(reply, 500, 'The search failed; please try again');
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Path not found'));
};

export const algoliaHttp = fp(plugin, { name: 'algolia-http' });

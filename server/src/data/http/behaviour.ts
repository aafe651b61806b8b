/**
 * What every data API response shares: CORS, a trailing slash redirected to the URL without it, ETags with
 * 304 answers, errors as JSON `{ status, message }` that are never cached and never show a stack trace.
 */
import crypto from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { PackageError } from '../../packages/types.ts';
import { PeriodError } from '../../stats/periods.ts';
import { StatsQueryError } from '../../stats/sql/queryError.ts';
import { ApiError } from './errors.ts';
import { NO_STORE } from './caching.ts';
import { registerCorsPreflight } from '../../http/corsPreflight.ts';
import { frameworkAnswer } from '../../http/inputBounds.ts';

const EXPOSED = 'Link, X-Total-Count, X-Total-Pages, ETag, Content-Length';

export function installBehaviour(app: FastifyInstance, docsUrl: string): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED);
    const [pathname = '/', search] = request.url.split('?', 2);
    if (pathname.length > 1 && pathname.endsWith('/')) {
      // One leading slash whatever was sent: `//host/` must not become a redirect to another host.
      const target = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
      reply.header('cache-control', 'public, max-age=300');
      return reply.redirect(`${target}${search !== undefined ? `?${search}` : ''}`, 301);
    }
    return undefined;
  });

  registerCorsPreflight(app, { url: '/*', cacheControl: 'public, max-age=86400' });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) {
      reply.header('cache-control', NO_STORE);
      return payload;
    }
    if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `W/"${crypto.createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === etag.slice(2) || tag.trim() === '*')) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | ApiError | PackageError | PeriodError | StatsQueryError, request, reply) => {
    let status = 500;
    let message = 'Internal server error.';
    if (error instanceof ApiError || error instanceof PackageError || error instanceof StatsQueryError) {
      status = error.status;
      message = error.message;
    } else if (error instanceof PeriodError) {
      status = 400;
      message = error.message;
    } else if (frameworkAnswer(error as FastifyError)) {
      ({ status, message } = frameworkAnswer(error as FastifyError)!);
    } else if (typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500) {
      status = (error as FastifyError).statusCode!;
      message = error.message;
    }
    if (status >= 500) request.log.error({ err: error }, 'data API request failed');
    const body: { status: number; message: string; links?: { documentation: string } } = { status, message };
    if (status === 400) body.links = { documentation: docsUrl };
    return reply.code(status).header('cache-control', NO_STORE).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .code(404)
      .header('cache-control', NO_STORE)
      .send({ status: 404, message: `Couldn't find the requested resource ${pathname}.` });
  });
}

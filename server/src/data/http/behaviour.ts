/**
 * What every data API response shares: CORS, a trailing slash redirected to the URL without it, ETags with
 * 304 answers, errors as JSON `{ status, message }` that are never cached and never show a stack trace.
 * A fastify-plugin: its hooks and handlers are the whole service's, not this plugin's alone.
 */
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { PackageError } from '../../packages/types.ts';
import { PeriodError } from '../../stats/periods.ts';
import { StatsQueryError } from '../../stats/sql/queryError.ts';
import { ApiError } from './errors.ts';
import { ClientOverBudget } from '../../admission/fairQueue.ts';
import { invalidParameterMessage, nonDecimalMessage } from './validation.ts';
import { NO_STORE } from './caching.ts';
import { registerPublicCors } from '../../http/cors.ts';
import { registerConditionalGet } from '../../http/conditional.ts';
import { frameworkAnswer } from '../../http/inputBounds.ts';

const EXPOSED = ['Link', 'X-Total-Count', 'X-Total-Pages', 'ETag', 'Content-Length'];

const plugin: FastifyPluginAsync<{ docsUrl: string }> = async (app, { docsUrl }) => {
  await registerPublicCors(app, { exposedHeaders: EXPOSED, preflightCacheControl: 'public, max-age=86400' });
  app.addHook('onRequest', async (request, reply) => {
    const [pathname = '/', search] = request.url.split('?', 2);
    if (pathname.length > 1 && pathname.endsWith('/')) {
      // One leading slash whatever was sent: `//host/` must not become a redirect to another host.
      const target = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
      reply.header('cache-control', 'public, max-age=300');
      return reply.redirect(`${target}${search !== undefined ? `?${search}` : ''}`, 301);
    }
    return undefined;
  });

  // Numbers of the contract in decimal digits only, before the schema validator converts them (validation.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema as
      { querystring?: { properties: Record<string, unknown> }; params?: { properties: Record<string, unknown> } } | undefined;
    if (!schema) return done();
    const message = nonDecimalMessage(schema.querystring, request.query) ?? nonDecimalMessage(schema.params, request.params);
    done(message ? new ApiError(400, message) : undefined);
  });

  // Errors are never cached; successful reads get an ETag and a 304 when the client's copy is current.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.header('cache-control', NO_STORE);
    return payload;
  });
  registerConditionalGet(app);

  app.setErrorHandler((error: FastifyError | ApiError | PackageError | PeriodError | StatsQueryError, request, reply) => {
    let status = 500;
    let message = 'Internal server error.';
    if (error instanceof ApiError || error instanceof PackageError || error instanceof StatsQueryError) {
      status = error.status;
      message = error.message;
    } else if (error instanceof PeriodError) {
      status = 400;
      message = error.message;
    } else if ((error as FastifyError).validation) {
      // A parameter the contract's schema refused.
      const { validation, validationContext } = error as FastifyError;
      const part = validationContext === 'querystring' ? 'querystring' : 'params';
      const schema = (request.routeOptions.schema?.[part] ?? { properties: {} }) as { properties: Record<string, unknown> };
      status = 400;
      message = invalidParameterMessage(validation!, schema, part === 'querystring' ? request.query : request.params);
    } else if (frameworkAnswer(error as FastifyError)) {
      ({ status, message } = frameworkAnswer(error as FastifyError)!);
    } else if (typeof (error as FastifyError).statusCode === 'number' && (error as FastifyError).statusCode! < 500) {
      status = (error as FastifyError).statusCode!;
      message = error.message;
    }
    if (error instanceof ClientOverBudget) {
      status = error.status;
      message = error.message;
      reply.header('retry-after', String(error.retryAfterSeconds));
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
};

export const dataBehaviour = fp(plugin, { name: 'data-behaviour' });

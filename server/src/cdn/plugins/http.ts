/**
 * What every answer of the CDN shares, whichever route gives it: the per-request context the request log
 * reads, the common headers, the bounds on what a request may be, CORS, and errors as text. A
 * fastify-plugin: its hooks and handlers are the whole service's, not this plugin's alone.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import { registerPublicCors } from '../../http/cors.ts';
import { applyCommonHeaders } from '../../http/commonHeaders.ts';
import { ownOrigins, registerInputBounds } from '../../http/inputBounds.ts';
import { errorHandler, sendError } from '../http/errors.ts';
import { newRequestContext } from '../serve/requestContext.ts';

const plugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.decorateRequest('cdn', null as never);
  // First of all hooks: an answer the bounds give (a 414, a 400, a 405) is logged like any other.
  app.addHook('onRequest', async (request, reply) => {
    request.cdn = newRequestContext();
    if (request.method === 'OPTIONS') request.cdn.answer = 'preflight';
    applyCommonHeaders(reply);
  });
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config) });
  // After the first hook, so that a preflight, answered by the CORS hook, is still logged as one.
  // Module builds name their type declarations in X-TypeScript-Types, which editors on other origins read.
  await registerPublicCors(app, { exposedHeaders: ['X-TypeScript-Types'] });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not found. CDN paths start with /npm/, /gh/, /wp/ or /combine/.'));
};

export const cdnHttp = fp(plugin, { name: 'cdn-http' });

/**
 * What every answer of esm.run shares, whichever route gives it: the bounds on what a request may be, the CDN's
 * common headers (so that a module script may follow the redirect from any origin), CORS, and errors and
 * unknown addresses as short plain text. A fastify-plugin: its hooks and handlers are the whole service's.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.ts';
import { applyCommonHeaders } from '../../http/commonHeaders.ts';
import { registerPublicCors } from '../../http/cors.ts';
import { frameworkAnswer, ownOrigins, registerInputBounds } from '../../http/inputBounds.ts';
import { PackageError } from '../../packages/types.ts';
import { ERROR_CACHE, sendError, sendText } from '../answers.ts';

const plugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // First of all hooks, as the CDN's: an answer the bounds give (a 405, a 414) carries them too.
  app.addHook('onRequest', async (_request, reply) => {
    applyCommonHeaders(reply);
  });
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config) });
  await registerPublicCors(app);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PackageError) return sendText(reply, error.status, error.message, ERROR_CACHE);
    const framework = frameworkAnswer(error as { code?: string; statusCode?: number });
    if (framework) return sendError(reply, framework.status, framework.message);
    request.log.error({ err: error }, 'unexpected error while answering a short link');
    return sendText(reply, 500, 'An internal error occurred.', ERROR_CACHE);
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not found.'));
};

export const esmRunHttp = fp(plugin, { name: 'esmrun-http' });

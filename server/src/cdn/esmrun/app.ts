/**
 * The esm.run short-link service: its own listener (its own host in production), where
 * `/{name}[@{version}][/{path}]` redirects to the matching `+esm` module build on the CDN. The redirect
 * does not depend on what the registry says, so it is answered without any upstream request.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { Config } from '../../config/config.ts';
import { loggerOptions } from '../../observability/logger.ts';
import { observability } from '../../observability/observability.ts';
import { PackageError } from '../../packages/types.ts';
import { TEXT_PLAIN } from '../http/contentType.ts';
import { TEXT_ERRORS, boundedServerOptions, frameworkAnswer, frameworkErrors, ownOrigins, registerInputBounds } from '../../http/inputBounds.ts';
import { applyCommonHeaders } from '../http/headers.ts';
import { shortLinkTarget } from './shortLink.ts';
import { registerPublicCors } from '../../http/cors.ts';

/** Short: a short link may be pointed at another build format one day. */
const REDIRECT_CACHE = 'public, max-age=3600, s-maxage=3600';
const ERROR_CACHE = 'public, max-age=60, s-maxage=60';

function homePage(cdnUrl: string): string {
  return [
    `esm.run: short links to ES module builds of npm packages, served by ${BRAND.name}.`,
    '',
    '  /{name}[@{version}][/{path}]  redirects to  ' + `${cdnUrl}/npm/{name}[@{version}][/{path}]/+esm`,
    '',
    'Use it in a page:',
    '',
    '  <script type="module">',
    "    import confetti from '" + `${'{this host}'}/canvas-confetti@1';`,
    '  </script>',
    '',
    'Versions may be exact, a range (@1, @^1.2.0) or a tag (@latest); without one the latest version is used.',
    '',
  ].join('\n');
}

function sendText(reply: FastifyReply, status: number, body: string, cacheControl: string): FastifyReply {
  reply.header('content-type', TEXT_PLAIN);
  reply.header('cache-control', cacheControl);
  return reply.code(status).send(body);
}

const sendError = (reply: FastifyReply, status: number, message: string): FastifyReply => sendText(reply, status, message, ERROR_CACHE);

export async function buildEsmRunApp(config: Config): Promise<FastifyInstance> {
  const cdnUrl = config.services.cdn.publicUrl;
  const app = Fastify({
    logger: loggerOptions('esmrun', config.logLevel),
    routerOptions: { maxParamLength: 16 * 1024 },
    exposeHeadRoutes: false,
    ...boundedServerOptions(TEXT_ERRORS),
    frameworkErrors: frameworkErrors(sendError),
  });
  registerInputBounds(app, { sendError, ownOrigins: ownOrigins(config) });
  await app.register(observability, { service: 'esmrun' });

  app.addHook('onRequest', async (_request, reply) => {
    applyCommonHeaders(reply);
  });
  await registerPublicCors(app);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PackageError) return sendText(reply, error.status, error.message, ERROR_CACHE);
    const framework = frameworkAnswer(error as { code?: string; statusCode?: number });
    if (framework) return sendError(reply, framework.status, framework.message);
    request.log.error({ err: error }, 'unexpected error while answering a short link');
    return sendText(reply, 500, 'An internal error occurred.', ERROR_CACHE);
  });
  app.setNotFoundHandler((_request, reply) => sendText(reply, 404, 'Not found.', ERROR_CACHE));

  const methods: Array<'GET' | 'HEAD'> = ['GET', 'HEAD'];
  app.route({
    method: methods,
    url: '/',
    handler: async (request, reply) => {
      const body = homePage(cdnUrl).replace('{this host}', config.services.esmrun.publicUrl);
      return sendText(reply, 200, request.method === 'HEAD' ? '' : body, 'public, max-age=86400, s-maxage=86400');
    },
  });
  app.route({
    method: methods,
    url: '/*',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const rest = (request.url.split('?', 1)[0] ?? '').slice(1);
      const location = shortLinkTarget(cdnUrl, rest);
      reply.header('location', location);
      return sendText(reply, 302, `Redirecting to ${location}`, REDIRECT_CACHE);
    },
  });
  return app;
}

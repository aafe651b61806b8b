/**
 * The esm.run short-link service: its own listener (its own host in production), where
 * `/{name}[@{version}][/{path}]` redirects to the matching `+esm` module build on the CDN. The redirect
 * does not depend on what the registry says, so it is answered without any upstream request. Assembled from
 * plugins, in order (server/README.md, "How a service is assembled").
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { TEXT_ERRORS, boundedServerOptions, frameworkErrors } from '../http/inputBounds.ts';
import { loggerOptions } from '../observability/logger.ts';
import { observability } from '../observability/observability.ts';
import { sendError } from './answers.ts';
import { esmRunHttp } from './plugins/http.ts';
import { shortLinkRoutes } from './plugins/shortLinkRoutes.ts';

export async function buildEsmRunApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions('esmrun', config.logLevel),
    routerOptions: { maxParamLength: 16 * 1024 },
    exposeHeadRoutes: false,
    ...boundedServerOptions(TEXT_ERRORS),
    frameworkErrors: frameworkErrors(sendError),
  });
  await app.register(esmRunHttp, { config });
  await app.register(observability, { service: 'esmrun' });
  await app.register(shortLinkRoutes, { config });
  return app;
}

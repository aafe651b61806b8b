import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Answers CORS preflight requests for every path of a public, read-only service: any origin may GET and HEAD,
 * with whatever request headers it asks for, and the browser may remember that for a day.
 */
export function registerCorsPreflight(app: FastifyInstance, options: { url?: string; cacheControl?: string; onPreflight?: (request: FastifyRequest) => void } = {}): void {
  app.options(options.url ?? '*', async (request, reply) => {
    options.onPreflight?.(request);
    reply.header('access-control-allow-methods', 'GET, HEAD, OPTIONS');
    reply.header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '*');
    reply.header('access-control-max-age', '86400');
    reply.header('cache-control', options.cacheControl ?? 'public, max-age=86400, s-maxage=86400');
    return reply.code(204).send();
  });
}

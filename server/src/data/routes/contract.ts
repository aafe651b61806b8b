/** `/v1/spec.yaml` (our OpenAPI contract) and `/docs` (the same contract for people). */
import type { FastifyInstance } from 'fastify';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { renderContract, renderDocsPage } from '../openapi/contract.ts';

export function registerContract(app: FastifyInstance, ctx: DataContext, docsUrl: string): void {
  const yamlText = renderContract({
    dataUrl: ctx.baseUrl,
    docsUrl,
    siteUrl: ctx.config.services.www.publicUrl,
    packageSizeLimitMb: Math.round(ctx.config.limits.packageSizeBytes / (1024 * 1024)),
  });
  const specUrl = `${ctx.baseUrl}/v1/spec.yaml`;
  const page = renderDocsPage(yamlText, specUrl);

  app.get('/v1/spec.yaml', async (_request, reply) => {
    cacheFor(reply, 'metadata', ctx.now());
    return reply.type('application/yaml; charset=utf-8').send(yamlText);
  });
  app.get('/docs', async (_request, reply) => {
    cacheFor(reply, 'metadata', ctx.now());
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get('/', async (_request, reply) => reply.redirect('/docs', 302));
}

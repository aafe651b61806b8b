/** `/v1/spec.yaml` (our OpenAPI contract) and `/docs` (the same contract for people, shown by the configured renderer). */
import type { FastifyInstance } from 'fastify';
import type { DataContext } from '../context.ts';
import { cacheFor } from '../http/caching.ts';
import { parseContract } from '../openapi/contract.ts';
import { DOCS_INIT_PATH, docsCsp, docsInitScript, renderDocsPage } from '../openapi/docsPage.ts';

export function registerContract(app: FastifyInstance, ctx: DataContext, yamlText: string): void {
  const title = parseContract(yamlText).info.title;
  const page = renderDocsPage(title, `${ctx.baseUrl}/v1/spec.yaml`);
  const csp = docsCsp(ctx.config.referenceRenderer);
  const initScript = docsInitScript(ctx.config.referenceRenderer);

  app.get('/v1/spec.yaml', async (_request, reply) => {
    cacheFor(reply, 'metadata', ctx.now());
    return reply.type('application/yaml; charset=utf-8').send(yamlText);
  });
  app.get('/docs', async (_request, reply) => {
    cacheFor(reply, 'metadata', ctx.now());
    reply.header('content-security-policy', csp);
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get(DOCS_INIT_PATH, async (_request, reply) => {
    cacheFor(reply, 'metadata', ctx.now());
    return reply.type('text/javascript; charset=utf-8').send(initScript);
  });
  app.get('/', async (_request, reply) => reply.redirect('/docs', 302));
}

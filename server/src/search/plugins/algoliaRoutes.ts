/**
 * The part of Algolia's search API that algoliasearch v5 uses: multi-index queries, single-index query (and
 * its older GET form), get objects and get one object by name, answered by the query threads. An
 * encapsulated plugin over `searchIndex` and `searchQueries`.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.ts';
import { createClientKey } from '../../http/clientKey.ts';
import { answerJson } from '../answerJson.ts';
import { bodyObject, PAGINATION_LIMIT, ProtocolError, readMultiQuery, readObjectsRequest, readQueryParams, type QueryParams } from '../protocol.ts';
import { retrieve } from '../record.ts';
import { sendError } from './algoliaHttp.ts';

export const algoliaRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const index = app.searchIndex;
  const queries = app.searchQueries;

  const checkIndex = (name: string): void => {
    if (name !== config.search.indexName) throw new ProtocolError(404, `Index ${name} does not exist`);
  };

  const clientKey = createClientKey(config.edgeHeaders);

  /**
   * The queries of one call, answered together by one query thread, each in Algolia's answer shape as JSON
   * text (the hits written by the thread: answerJson.ts); `extra` is added to each answer (a multi-query's index).
   */
  const search = async (request: FastifyRequest, list: QueryParams[], extra: (at: number) => Record<string, unknown> = () => ({})): Promise<string[]> => {
    const started = performance.now();
    // Algolia never serves hits past `paginationLimitedTo`; a page beyond it only counts.
    const hitsPerPageOf = (params: QueryParams): number => Math.min(params.hitsPerPage, Math.max(0, PAGINATION_LIMIT - params.page * params.hitsPerPage));
    const results = await queries.search(
      list.map((params) => {
        // The page's offset is the requested page size's; the answer is cut to what the limit leaves.
        const hitsLimit = hitsPerPageOf(params);
        const empty = hitsLimit === 0;
        return {
          query: params.query,
          page: empty ? 0 : params.page,
          hitsPerPage: empty ? 0 : params.hitsPerPage,
          facetFilters: params.facetFilters,
          hitsLimit,
          ...(params.attributesToRetrieve ? { attributesToRetrieve: params.attributesToRetrieve } : {}),
        };
      }),
      clientKey(request),
    );
    const processingTimeMS = Math.round(performance.now() - started);
    return list.map((params, at) => {
      const result = results[at]!;
      const reachable = Math.min(result.nbHits, PAGINATION_LIMIT);
      return answerJson(result, {
        nbHits: result.nbHits,
        page: params.page,
        nbPages: params.hitsPerPage > 0 ? Math.ceil(reachable / params.hitsPerPage) : 0,
        hitsPerPage: params.hitsPerPage,
        // False when the count is an estimate (a query matching a large share of the index; see the index's ranking).
        exhaustiveNbHits: result.exhaustive,
        exhaustive: { nbHits: result.exhaustive },
        query: params.query,
        params: params.params,
        processingTimeMS,
        ...extra(at),
      });
    });
  };

  const json = (reply: FastifyReply, text: string): FastifyReply => reply.type('application/json; charset=utf-8').send(text);

  app.post<{ Params: { index: string } }>('/1/indexes/:index/queries', async (request, reply) => {
    const requests = readMultiQuery(bodyObject(request.body));
    for (const { indexName } of requests) checkIndex(indexName);
    const answers = await search(
      request,
      requests.map(({ params }) => params),
      (at) => ({ index: requests[at]!.indexName }),
    );
    return json(reply, `{"results":[${answers.join(',')}]}`);
  });

  app.post<{ Params: { index: string } }>('/1/indexes/:index/query', async (request, reply) => {
    checkIndex(request.params.index);
    return json(reply, (await search(request, [readQueryParams(bodyObject(request.body))]))[0]!);
  });

  // The older GET form: search parameters in the query string.
  app.get<{ Params: { index: string }; Querystring: Record<string, string> }>('/1/indexes/:index', async (request, reply) => {
    checkIndex(request.params.index);
    const { ['x-algolia-api-key']: _key, ['x-algolia-application-id']: _app, ['x-algolia-agent']: _agent, ...params } = request.query;
    return json(reply, (await search(request, [readQueryParams(params)]))[0]!);
  });

  app.post<{ Params: { index: string } }>('/1/indexes/:index/objects', async (request) => {
    const wanted = readObjectsRequest(bodyObject(request.body));
    for (const { indexName } of wanted) checkIndex(indexName);
    return {
      results: wanted.map(({ objectID, attributesToRetrieve }) => {
        const record = index.get(objectID);
        return record ? retrieve(record, attributesToRetrieve) : null;
      }),
    };
  });

  app.get<{ Params: { index: string; objectID: string }; Querystring: { attributesToRetrieve?: string } }>(
    '/1/indexes/:index/:objectID',
    async (request, reply) => {
      checkIndex(request.params.index);
      const record = index.get(request.params.objectID);
      if (!record) return sendError(reply, 404, 'ObjectID does not exist');
      const attributes = readQueryParams({ attributesToRetrieve: request.query.attributesToRetrieve }).attributesToRetrieve;
      return retrieve(record, attributes);
    },
  );
};

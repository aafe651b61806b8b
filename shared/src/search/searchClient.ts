/**
 * The package search client: the real algoliasearch v5 lite client, its hosts, application id, key and
 * index taken from the runtime configuration, so the same build searches our own search service or
 * hosted Algolia by configuration alone.
 *
 * Callers pass the `search` part of the runtime configuration (from `useRuntimeConfig()` or
 * `getRuntimeConfig()` of `@skylift/shared`) rather than this module reading the store itself, so the search
 * entry needs nothing of the main one.
 *
 * The client library is fetched with the first search, not with the page: most visits to a page with a
 * search box never search, and it is a good part of the search box's weight.
 */
import type { liteClient } from 'algoliasearch/lite';
import type { SearchConfig } from '../config/runtimeConfig';
import { facetFiltersFor, type ButtonFilters } from './queryLanguage';
import type { SearchHit, SearchPage } from './types';

type LiteClient = ReturnType<typeof liteClient>;
type ClientOptions = NonNullable<Parameters<typeof liteClient>[2]>;

/** The attributes a hit needs on the home page and in the compact search; nothing else is transferred. */
export const HIT_ATTRIBUTES = [
  'name',
  'description',
  'version',
  'license',
  'homepage',
  'keywords',
  'owner',
  'githubRepo',
  'deprecated',
  'popular',
  'moduleTypes',
  'styleTypes',
  'jsDelivrHits',
] as const;

/** Page sizes. */
export const SEARCH_PAGE_SIZE = 10;
export const COMPACT_SEARCH_SIZE = 5;

export class SearchConfigError extends Error {
  override name = 'SearchConfigError';
}

/** algoliasearch's host entry for a base URL such as `http://localhost:4003` or `https://search.example/algolia`. */
export function searchHostOf(hostUrl: string): ClientOptions['hosts'] {
  let url: URL;
  try {
    url = new URL(hostUrl);
  } catch {
    throw new SearchConfigError(`The search host "${hostUrl}" is not an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SearchConfigError(`The search host "${hostUrl}" is neither http nor https.`);
  const prefix = url.pathname.replace(/\/+$/, '');
  // The port stays inside `url`: algoliasearch appends a separate port after the path prefix.
  // readWrite, because the lite client sends get-by-name as a POST (a "write" in its host selection).
  return [{ url: `${url.host}${prefix}`, accept: 'readWrite', protocol: url.protocol === 'https:' ? 'https' : 'http' }];
}

export async function createSearchClient(config: SearchConfig, options: Omit<ClientOptions, 'hosts'> = {}): Promise<LiteClient> {
  // Checked before the download, so that a wrong host fails at once. The bundler keeps a loaded chunk and
  // tries a failed one again on the next import.
  const hosts = searchHostOf(config.hostUrl);
  const { liteClient: create } = await import('algoliasearch/lite');
  return create(config.appId, config.apiKey, { ...options, hosts });
}

let cached: { config: SearchConfig; client: Promise<LiteClient> } | null = null;

/** The client for a configuration, kept while the configuration stays the same. */
async function clientFor(search: SearchConfig): Promise<{ client: LiteClient; indexName: string }> {
  if (!cached || cached.config !== search) {
    const entry = { config: search, client: createSearchClient(search) };
    // A client that could not be made (the library failed to download) is asked for again next time.
    entry.client.catch(() => {
      if (cached === entry) cached = null;
    });
    cached = entry;
  }
  return { client: await cached.client, indexName: search.indexName };
}

export interface SearchPackagesParams {
  query: string;
  page?: number;
  hitsPerPage?: number;
  filters?: ButtonFilters;
}

/** One page of packages for a query in the mini-language plus the filter buttons. */
export async function searchPackages(
  search: SearchConfig,
  { query, page = 0, hitsPerPage = SEARCH_PAGE_SIZE, filters = {} }: SearchPackagesParams,
): Promise<SearchPage> {
  const { client, indexName } = await clientFor(search);
  const parsed = facetFiltersFor(query, filters);
  const { results } = await client.searchForHits<SearchHit>({
    requests: [
      {
        indexName,
        query: parsed.text,
        page,
        hitsPerPage,
        facetFilters: parsed.facetFilters,
        attributesToRetrieve: [...HIT_ATTRIBUTES],
        attributesToHighlight: [],
        attributesToSnippet: [],
      },
    ],
  });
  const result = results[0];
  return {
    hits: (result?.hits ?? []) as SearchHit[],
    nbHits: result?.nbHits ?? 0,
    nbHitsExact: result?.exhaustiveNbHits !== false,
    nbPages: result?.nbPages ?? 0,
    page: result?.page ?? page,
    query,
  };
}

/** One package's search record by its exact name, or null if the index does not know it. */
export async function getPackage(search: SearchConfig, name: string): Promise<SearchHit | null> {
  const { client, indexName } = await clientFor(search);
  const answer = await client.customPost({
    path: '1/indexes/*/objects',
    body: { requests: [{ indexName, objectID: name, attributesToRetrieve: [...HIT_ATTRIBUTES] }] },
  });
  const results = answer['results'];
  const record = Array.isArray(results) ? (results[0] as unknown) : null;
  return record && typeof record === 'object' && typeof (record as SearchHit).name === 'string' ? (record as SearchHit) : null;
}

/**
 * Reading the Algolia search protocol as algoliasearch v5 (and older clients) send it: parameters as JSON
 * fields or inside a url-encoded `params` string, arrays as JSON arrays or JSON text. Anything a client
 * could get wrong becomes a ProtocolError with Algolia's status and a message a person can act on.
 */
import { FacetFilterError, parseFacetFilters, type FacetFilterGroups } from './facets.ts';

export class ProtocolError extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    message: string,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export interface QueryParams {
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: FacetFilterGroups;
  attributesToRetrieve: string[] | undefined;
  /** The parameters as received, url-encoded, echoed back as Algolia does. */
  params: string;
}

export const DEFAULT_HITS_PER_PAGE = 20;
export const MAX_HITS_PER_PAGE = 1000;
/** Algolia's `paginationLimitedTo`: hits past this position are never served, whatever the page. */
export const PAGINATION_LIMIT = 1000;
/** Longer queries are refused, as Algolia refuses queries past 512 bytes. */
export const MAX_QUERY_LENGTH = 512;
/** Queries in one multi-query call, and objects in one get-objects call. */
export const MAX_REQUESTS_PER_CALL = 50;
/** Hits one multi-query call may ask for, all its queries together: the answer stays a few megabytes at most. */
export const MAX_HITS_PER_CALL = 1000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON body, whether it arrived parsed, as text (`text/plain`) or not at all. */
export function bodyObject(body: unknown): Json {
  if (body === undefined || body === null || body === '') return {};
  let value = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      value = JSON.parse(body.toString());
    } catch {
      throw new ProtocolError(400, 'Invalid JSON in the request body');
    }
  }
  if (!isObject(value)) throw new ProtocolError(400, 'The request body must be a JSON object');
  return value;
}

/** Parameters of a url-encoded `params` string; values that look like JSON arrays are decoded. */
function fromParamsString(params: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(params)) {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        out[key] = JSON.parse(trimmed);
        continue;
      } catch {
        /* not JSON: keep the text; the parameter's own check will say what is wrong */
      }
    }
    out[key] = value;
  }
  return out;
}

function integer(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  // Written in decimal digits only, as the API documents: not `0x10`, `1e1`, `Infinity` or ` 5`.
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw new ProtocolError(400, `Invalid value for "${name}": expected an integer`);
  if (n < min || n > max) throw new ProtocolError(400, `Invalid value for "${name}": must be between ${min} and ${max}`);
  return n;
}

function stringList(name: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        return stringList(name, JSON.parse(trimmed));
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        throw new ProtocolError(400, `Invalid value for "${name}": not valid JSON`);
      }
    }
    return trimmed ? trimmed.split(',').map((item) => item.trim()) : [];
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  throw new ProtocolError(400, `Invalid value for "${name}": expected an array of strings`);
}

function encodeParams(raw: Json): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || key === 'indexName' || key === 'params' || key === 'type') continue;
    search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return search.toString();
}

/** Search parameters of one request: its own fields, overridden by those inside its `params` string. */
export function readQueryParams(input: Json): QueryParams {
  const raw: Json = { ...input };
  if (input['params'] !== undefined) {
    if (typeof input['params'] !== 'string') throw new ProtocolError(400, 'Invalid value for "params": expected a url-encoded string');
    Object.assign(raw, fromParamsString(input['params']));
  }
  const queryValue = raw['query'];
  let query: string;
  if (queryValue === undefined || queryValue === null) query = '';
  else if (typeof queryValue === 'string') query = queryValue;
  else if (typeof queryValue === 'number' || typeof queryValue === 'boolean') query = String(queryValue);
  else throw new ProtocolError(400, 'Invalid value for "query": expected a string');
  if (query.length > MAX_QUERY_LENGTH) throw new ProtocolError(400, `Query too long: at most ${MAX_QUERY_LENGTH} characters`);

  let facetFilters: FacetFilterGroups;
  try {
    facetFilters = parseFacetFilters(raw['facetFilters']);
  } catch (error) {
    if (error instanceof FacetFilterError) throw new ProtocolError(400, error.message);
    throw error;
  }
  return {
    query,
    // No page past the pagination limit can hold a hit (hitsPerPage is at least 1 where there are hits).
    page: integer('page', raw['page'], 0, 0, PAGINATION_LIMIT),
    hitsPerPage: integer('hitsPerPage', raw['hitsPerPage'], DEFAULT_HITS_PER_PAGE, 0, MAX_HITS_PER_PAGE),
    facetFilters,
    attributesToRetrieve: stringList('attributesToRetrieve', raw['attributesToRetrieve']),
    params: encodeParams(raw),
  };
}

export interface MultiQueryRequest {
  indexName: string;
  params: QueryParams;
}

/** The body of `POST /1/indexes/*\/queries`: `{ requests: [{ indexName, ...params }] }`. */
export function readMultiQuery(body: Json): MultiQueryRequest[] {
  const requests = body['requests'];
  if (!Array.isArray(requests)) throw new ProtocolError(400, 'Missing "requests": expected an array of queries');
  if (requests.length > MAX_REQUESTS_PER_CALL)
    throw new ProtocolError(400, `Too many queries: at most ${MAX_REQUESTS_PER_CALL} in one call, got ${requests.length}`);
  const queries = requests.map((request, position) => {
    if (!isObject(request)) throw new ProtocolError(400, `Invalid query at position ${position}: expected an object`);
    const indexName = request['indexName'];
    if (typeof indexName !== 'string' || !indexName) throw new ProtocolError(400, `Missing "indexName" in the query at position ${position}`);
    return { indexName, params: readQueryParams(request) };
  });
  const hits = queries.reduce((total, { params }) => total + params.hitsPerPage, 0);
  if (hits > MAX_HITS_PER_CALL)
    throw new ProtocolError(400, `Too many hits asked for: at most ${MAX_HITS_PER_CALL} in one call (hitsPerPage of all queries together), got ${hits}`);
  return queries;
}

export function readObjectsRequest(body: Json): Array<{ indexName: string; objectID: string; attributesToRetrieve: string[] | undefined }> {
  const requests = body['requests'];
  if (!Array.isArray(requests)) throw new ProtocolError(400, 'Missing "requests": expected an array of objects to get');
  if (requests.length > MAX_REQUESTS_PER_CALL)
    throw new ProtocolError(400, `Too many objects: at most ${MAX_REQUESTS_PER_CALL} in one call, got ${requests.length}`);
  return requests.map((request, position) => {
    if (!isObject(request) || typeof request['indexName'] !== 'string' || typeof request['objectID'] !== 'string') {
      throw new ProtocolError(400, `Invalid request at position ${position}: expected indexName and objectID`);
    }
    return {
      indexName: request['indexName'],
      objectID: request['objectID'],
      attributesToRetrieve: stringList('attributesToRetrieve', request['attributesToRetrieve']),
    };
  });
}

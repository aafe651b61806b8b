/**
 * @jest-environment node
 */
// The real algoliasearch client against a real HTTP server on a loopback port that answers like the
// search service, so the test sees exactly what goes over the wire.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SearchConfig } from '../config/runtimeConfig';
import { getPackage, searchHostOf, searchPackages, SearchConfigError } from './searchClient';

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

let server: Server;
let base: string;
const received: Received[] = [];
let answer: (request: Received) => unknown = () => ({});

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      received.push(entry);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer(entry)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let search: SearchConfig;
beforeEach(() => {
  received.length = 0;
  search = { appId: 'app-1', apiKey: 'key-1', indexName: 'npm-search', hostUrl: `${base}/search-api/` };
});

const react = { objectID: 'react', name: 'react', version: '19.0.0', moduleTypes: ['cjs'], styleTypes: ['none'], jsDelivrHits: 1234 };

test('searchPackages sends the free text, the filters and the page to the configured host and index', async () => {
  answer = () => ({ results: [{ hits: [react], nbHits: 31, nbPages: 4, page: 2, hitsPerPage: 10, query: 'react' }] });
  const page = await searchPackages(search, { query: 'react author: facebook', page: 2, filters: { type: 'esm', style: 'styles' } });

  expect(page).toEqual({ hits: [react], nbHits: 31, nbHitsExact: true, nbPages: 4, page: 2, query: 'react author: facebook' });
  expect(received).toHaveLength(1);
  const [request] = received;
  const url = new URL(request!.url, base);
  expect(url.pathname).toBe('/search-api/1/indexes/*/queries');
  // The browser build sends the credentials as query parameters, the Node build as headers.
  const credential = (name: string) => url.searchParams.get(name) ?? request!.headers[name];
  expect(credential('x-algolia-application-id')).toBe('app-1');
  expect(credential('x-algolia-api-key')).toBe('key-1');
  const [query] = request!.body['requests'] as Array<Record<string, unknown>>;
  expect(query).toMatchObject({
    indexName: 'npm-search',
    query: 'react',
    page: 2,
    hitsPerPage: 10,
    facetFilters: ['owner.name:facebook', 'moduleTypes:esm', 'styleTypes:-none'],
    attributesToHighlight: [],
  });
  expect(query!['attributesToRetrieve']).toEqual(expect.arrayContaining(['name', 'owner', 'moduleTypes', 'styleTypes', 'jsDelivrHits']));
});

test('getPackage reads one record by its name, and null when the index has none', async () => {
  answer = (request) => {
    const [wanted] = request.body['requests'] as Array<{ objectID: string }>;
    return { results: [wanted!.objectID === 'react' ? react : null] };
  };
  await expect(getPackage(search, 'react')).resolves.toEqual(react);
  await expect(getPackage(search, 'no-such-package')).resolves.toBeNull();
  expect(new URL(received[0]!.url, base).pathname).toBe('/search-api/1/indexes/*/objects');
  expect(received[0]!.body).toMatchObject({ requests: [{ indexName: 'npm-search', objectID: 'react' }] });
});

test('the host keeps its port and path prefix; a host that is not a URL is a clear error', () => {
  expect(searchHostOf('https://search.example:8443/algolia/')).toEqual([{ url: 'search.example:8443/algolia', accept: 'readWrite', protocol: 'https' }]);
  expect(() => searchHostOf('not a url')).toThrow(SearchConfigError);
});

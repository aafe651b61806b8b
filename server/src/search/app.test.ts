// Over 500 lines: one subject, the search API over HTTP, against one app built once (its catalog bootstrap takes seconds); split, each part would build its own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { liteClient } from 'algoliasearch/lite';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { buildSearchApp } from './app.ts';
import { indexPackageDocument } from './indexer.ts';
import type { SearchRecord } from './record.ts';
import { searchTestConfig } from './testing.ts';

interface SearchAnswer {
  hits: SearchRecord[];
  nbHits: number;
  nbPages: number;
  page: number;
  hitsPerPage: number;
  query: string;
  params: string;
  processingTimeMS: number;
}

let app: FastifyInstance;
let config: Config;
let cleanup: () => void;

const auth = (): Record<string, string> => ({
  'x-algolia-application-id': config.search.appId,
  'x-algolia-api-key': config.search.apiKey,
});

async function query(
  body: unknown,
  headers: Record<string, string> = auth(),
): Promise<{ status: number; json: SearchAnswer & { message?: string; status?: number } }> {
  const response = await app.inject({
    method: 'POST',
    url: `/1/indexes/${config.search.indexName}/query`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.statusCode, json: response.json() };
}

async function names(body: Record<string, unknown>): Promise<string[]> {
  const { status, json } = await query(body);
  assert.equal(status, 200, JSON.stringify(json));
  return json.hits.map((hit) => hit.name);
}

/** The real lite client, its requests handed to the app in process: no port is opened. */
function client(apiKey = config.search.apiKey) {
  return liteClient(config.search.appId, apiKey, {
    hosts: [{ url: 'search.test', accept: 'read', protocol: 'http' }],
    requester: {
      async send(request) {
        const url = new URL(request.url);
        const response = await app.inject({
          method: request.method,
          url: url.pathname + url.search,
          headers: request.headers,
          payload: typeof request.data === 'string' ? request.data : request.data ? Buffer.from(request.data) : undefined,
        });
        return { status: response.statusCode, content: response.body, isTimedOut: false, headers: response.headers as Record<string, string> };
      },
    },
  });
}

before(async () => {
  ({ config, cleanup } = searchTestConfig({ SKYLIFT_GITHUB_ARCHIVE: 'https://codeload.code.example' }));
  // Counted exactly up to a small volume, so that a prefix of the catalog is estimated as at millions of packages.
  app = await buildSearchApp(config, { enrichCatalog: false, queries: { exactCountVolume: 2_000 } });
  // Full documents, as the CDN indexes what it fetches: they bring owners, module and style types.
  indexPackageDocument(config, {
    name: 'react',
    'dist-tags': { latest: '19.3.1' },
    versions: {
      '19.3.1': {
        name: 'react',
        version: '19.3.1',
        description: 'React is a JavaScript library for building user interfaces.',
        main: 'index.js',
        keywords: ['react'],
        repository: 'https://code.example/facebook/react.git',
        license: 'MIT',
      },
    },
  });
  indexPackageDocument(config, {
    name: 'react-dom',
    version: '19.3.1',
    description: 'React package for working with the DOM.',
    main: 'index.js',
    repository: { url: 'git+https://code.example/facebook/react.git' },
  });
  indexPackageDocument(config, {
    name: 'preact',
    version: '10.28.0',
    description: 'Fast 3kb React-compatible Virtual DOM library.',
    type: 'module',
    exports: { '.': { import: './dist/preact.mjs', require: './dist/preact.js' } },
    repository: 'preactjs/preact',
  });
  indexPackageDocument(config, {
    name: 'bootstrap',
    version: '5.3.8',
    description: 'The most popular front-end framework for developing responsive, mobile first projects on the web.',
    style: 'dist/css/bootstrap.css',
    main: 'dist/js/bootstrap.js',
    module: 'dist/js/bootstrap.esm.js',
    repository: 'twbs/bootstrap',
  });
  indexPackageDocument(config, {
    name: 'normalize.css',
    version: '8.0.1',
    description: 'A modern alternative to CSS resets',
    style: 'normalize.css',
    repository: 'necolas/normalize.css',
  });
  indexPackageDocument(config, {
    name: 'request',
    version: '2.88.2',
    description: 'Simplified HTTP request client.',
    main: 'index.js',
    deprecated: 'request has been deprecated, see https://github.com/request/request/issues/3142',
  });
});

after(async () => {
  await app.close();
  cleanup();
});

describe('search: a new user searching', () => {
  it('finds popular packages by name, the exact name first', async () => {
    assert.equal((await names({ query: 'react' }))[0], 'react');
    assert.equal((await names({ query: 'lodash' }))[0], 'lodash');
    assert.equal((await names({ query: 'vue' }))[0], 'vue');
    assert.equal((await names({ query: 'express' }))[0], 'express');
    assert.equal((await names({ query: '@babel/core' }))[0], '@babel/core');
    const reactFamily = await names({ query: 'react', hitsPerPage: 10 });
    assert.ok(reactFamily.includes('react-dom'), reactFamily.join(', '));
  });

  it('matches the last word as a prefix while typing', async () => {
    assert.equal((await names({ query: 'reac' }))[0], 'react');
    assert.ok((await names({ query: 'lodash.deb' })).includes('lodash.debounce'));
  });

  it('ranks by text relevance over descriptions when no name matches', async () => {
    const hits = await names({ query: 'virtual dom' });
    assert.ok(hits.includes('preact'), hits.join(', '));
  });

  it('tolerates a short typo', async () => {
    assert.equal((await names({ query: 'recat' }))[0], 'react');
    assert.equal((await names({ query: 'lodahs' }))[0], 'lodash');
    assert.equal((await names({ query: 'expres' }))[0], 'express');
  });

  it('puts deprecated packages last, except an exact name match', async () => {
    const { json } = await query({ query: 'request', hitsPerPage: 50 });
    assert.equal(json.hits[0]!.name, 'request');
    const { json: http } = await query({ query: 'http request client', hitsPerPage: 50 });
    const deprecatedAt = http.hits.findIndex((hit) => hit.deprecated !== false);
    assert.ok(deprecatedAt > 0, 'the answer holds deprecated packages, and not only those');
    assert.ok(
      http.hits.slice(deprecatedAt).every((hit) => hit.deprecated !== false),
      'no live package after the first deprecated one',
    );
  });

  it('returns the most popular packages for an empty query', async () => {
    const { json } = await query({ query: '', hitsPerPage: 10 });
    assert.equal(json.hits.length, 10);
    assert.ok(json.nbHits >= 20_000);
    const downloads = json.hits.map((hit) => hit.downloads);
    assert.deepEqual(
      downloads,
      [...downloads].sort((a, b) => b - a),
    );
    assert.equal(json.hits[0]!.name, 'semver');
  });

  it('answers a query with no hits', async () => {
    const { status, json } = await query({ query: 'zqxjwvkp nonexistent', hitsPerPage: 10 });
    assert.equal(status, 200);
    assert.deepEqual(json.hits, []);
    assert.equal(json.nbHits, 0);
    assert.equal(json.nbPages, 0);
    assert.equal(json.query, 'zqxjwvkp nonexistent');
  });

  it('pages to the last page and past it', async () => {
    const { json: first } = await query({ query: 'jquery', hitsPerPage: 5 });
    assert.ok(first.nbHits > 5);
    assert.equal(first.nbPages, Math.ceil(first.nbHits / 5));
    const { json: last } = await query({ query: 'jquery', hitsPerPage: 5, page: first.nbPages - 1 });
    assert.equal(last.page, first.nbPages - 1);
    assert.equal(last.hits.length, first.nbHits - 5 * (first.nbPages - 1));
    assert.equal(last.nbHits, first.nbHits);
    const seen = new Set<string>();
    for (let page = 0; page < first.nbPages; page++) {
      for (const name of await names({ query: 'jquery', hitsPerPage: 5, page })) seen.add(name);
    }
    assert.equal(seen.size, first.nbHits, 'every hit appears on exactly one page');
    const { json: beyond } = await query({ query: 'jquery', hitsPerPage: 5, page: first.nbPages });
    assert.deepEqual(beyond.hits, []);
    assert.equal(beyond.nbHits, first.nbHits);
  });

  it('never serves hits past the 1000th, as Algolia', async () => {
    const { json } = await query({ query: '', hitsPerPage: 100, page: 9 });
    assert.equal(json.hits.length, 100);
    assert.equal(json.nbPages, 10);
    const { json: past } = await query({ query: '', hitsPerPage: 100, page: 10 });
    assert.deepEqual(past.hits, []);
    assert.ok(past.nbHits >= 20_000);
  });

  it('never fails on special characters or full-text syntax', async () => {
    const queries = [
      '"',
      '""',
      '*',
      '-',
      ':',
      '(',
      ')',
      '()',
      '"react',
      'react"',
      'react*',
      '-react',
      'name:react',
      '(react',
      'react)',
      'NOT react',
      'react OR',
      'AND',
      'NEAR(a b)',
      '^',
      '\\',
      '%',
      "'",
      ';--',
      '{}',
      '[',
      'é',
      '日本',
      '🙂',
      'a\u0000b',
      '@',
      '/',
      '@types/',
      '.',
      'c++',
      'react-dom"*',
    ];
    for (const text of queries) {
      const { status, json } = await query({ query: text, hitsPerPage: 5 });
      assert.equal(status, 200, `${JSON.stringify(text)}: ${JSON.stringify(json)}`);
      assert.ok(Array.isArray(json.hits));
      assert.equal(json.query, text);
    }
    assert.equal((await names({ query: '"react"' }))[0], 'react');
    assert.equal((await names({ query: 'react-dom' }))[0], 'react-dom');
  });
});

describe('search: filters of the query language', () => {
  it('filters by owner (author:), case-insensitively', async () => {
    const hits = await names({ query: '', facetFilters: ['owner.name:Facebook'], hitsPerPage: 20 });
    assert.deepEqual(hits.sort(), ['react', 'react-dom']);
  });

  it('filters by module type, and excludes with a negation', async () => {
    const { json: esm } = await query({ query: '', facetFilters: ['moduleTypes:esm'], hitsPerPage: 50 });
    assert.ok(esm.hits.some((hit) => hit.name === 'preact'));
    assert.ok(esm.hits.every((hit) => hit.moduleTypes.includes('esm')));
    const cjs = await names({ query: 'react', facetFilters: ['moduleTypes:cjs'] });
    assert.deepEqual(cjs.slice(0, 2), ['react', 'react-dom']);
    const { json: js } = await query({ query: 'css', facetFilters: ['moduleTypes:-none'], hitsPerPage: 100 });
    assert.ok(js.hits.every((hit) => !hit.moduleTypes.includes('none')));
    assert.ok(!js.hits.some((hit) => hit.name === 'normalize.css'));
    const { json: all } = await query({ query: 'css', hitsPerPage: 100 });
    assert.ok(all.hits.some((hit) => hit.name === 'normalize.css'));
  });

  it('filters packages with styles (styleTypes:-none)', async () => {
    const hits = await names({ query: '', facetFilters: ['styleTypes:-none'], hitsPerPage: 50 });
    assert.deepEqual(hits.sort(), ['bootstrap', 'normalize.css']);
    assert.deepEqual(await names({ query: 'boot', facetFilters: [['styleTypes:css', 'styleTypes:scss']] }), ['bootstrap']);
  });

  it('combines groups with AND and nested arrays with OR', async () => {
    const both = await names({ query: '', facetFilters: ['moduleTypes:esm', 'styleTypes:css'], hitsPerPage: 50 });
    assert.deepEqual(both, ['bootstrap']);
    const either = await names({ query: '', facetFilters: [['owner.name:preactjs', 'owner.name:necolas']], hitsPerPage: 50 });
    assert.deepEqual(either.sort(), ['normalize.css', 'preact']);
  });

  it('matches nothing for an attribute no record has', async () => {
    const { json } = await query({ query: 'react', facetFilters: ['colour:blue'] });
    assert.equal(json.nbHits, 0);
  });
});

describe('search: the protocol', () => {
  it('says when nbHits is an estimate: a prefix matching a large share of the index', async () => {
    const { json: typing } = await query({ query: 're', hitsPerPage: 5 });
    const estimated = typing as SearchAnswer & { exhaustiveNbHits: boolean; exhaustive: { nbHits: boolean } };
    assert.equal(estimated.exhaustiveNbHits, false);
    assert.deepEqual(estimated.exhaustive, { nbHits: false });
    assert.ok(estimated.nbHits > 2000, String(estimated.nbHits));
    assert.equal(estimated.hits.length, 5);
    const { json: exact } = await query({ query: 'jquery', hitsPerPage: 5 });
    assert.equal((exact as SearchAnswer & { exhaustiveNbHits: boolean }).exhaustiveNbHits, true);
  });

  it('answers multi-index queries with Algolia fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: auth(),
      payload: {
        requests: [
          { indexName: config.search.indexName, query: 'react', hitsPerPage: 3 },
          { indexName: config.search.indexName, params: 'query=vue&hitsPerPage=2&facetFilters=%5B%22moduleTypes%3A-none%22%5D' },
        ],
      },
    });
    assert.equal(response.statusCode, 200);
    const { results } = response.json() as { results: Array<SearchAnswer & { index: string }> };
    assert.equal(results.length, 2);
    assert.equal(results[0]!.hits.length, 3);
    assert.equal(results[0]!.hits[0]!.objectID, 'react');
    assert.equal(results[0]!.hitsPerPage, 3);
    assert.equal(results[0]!.index, config.search.indexName);
    assert.equal(typeof results[0]!.processingTimeMS, 'number');
    assert.match(results[0]!.params, /query=react/);
    assert.equal(results[1]!.query, 'vue');
    assert.equal(results[1]!.hits.length, 2);
    assert.equal(results[1]!.hits[0]!.name, 'vue');
  });

  it('keeps only the attributes asked for, objectID always', async () => {
    const { json } = await query({ query: 'react', hitsPerPage: 1, attributesToRetrieve: ['name', 'owner.name'], attributesToHighlight: [] });
    assert.deepEqual(json.hits[0], { objectID: 'react', name: 'react', owner: { name: 'facebook' } });
  });

  it('returns a record shaped like the npm search index', async () => {
    const { json } = await query({ query: 'preact', hitsPerPage: 1 });
    const hit = json.hits[0]!;
    for (const key of [
      'objectID',
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
      'downloads',
    ]) {
      assert.ok(key in hit, `missing ${key}`);
    }
    assert.deepEqual(hit.githubRepo, { user: 'preactjs', project: 'preact' });
    assert.deepEqual(hit.moduleTypes, ['esm', 'cjs']);
    assert.ok(hit.downloads > 0, 'downloads from the catalog survive reindexing from a document');
  });

  it('reads text/plain and gzip bodies and credentials in the query string', async () => {
    const url = `/1/indexes/${config.search.indexName}/query?x-algolia-api-key=${config.search.apiKey}&x-algolia-application-id=${config.search.appId}`;
    const plain = await app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: '{"query":"lodash","hitsPerPage":1}' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.json().hits[0].name, 'lodash');
    const gzip = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ query: 'vue', hitsPerPage: 1 })),
    });
    assert.equal(gzip.statusCode, 200);
    assert.equal(gzip.json().hits[0].name, 'vue');
    const legacy = await app.inject({ method: 'GET', url: `/1/indexes/${config.search.indexName}?query=axios&hitsPerPage=1`, headers: auth() });
    assert.equal(legacy.json().hits[0].name, 'axios');
  });

  it('gets one object by name, scoped names included', async () => {
    const found = await app.inject({ method: 'GET', url: `/1/indexes/${config.search.indexName}/react`, headers: auth() });
    assert.equal(found.statusCode, 200);
    assert.equal(found.json().name, 'react');
    const scoped = await app.inject({ method: 'GET', url: `/1/indexes/${config.search.indexName}/${encodeURIComponent('@babel/core')}`, headers: auth() });
    assert.equal(scoped.statusCode, 200);
    assert.equal(scoped.json().objectID, '@babel/core');
    const picked = await app.inject({ method: 'GET', url: `/1/indexes/${config.search.indexName}/react?attributesToRetrieve=name,version`, headers: auth() });
    assert.deepEqual(picked.json(), { objectID: 'react', name: 'react', version: '19.3.1' });
    const missing = await app.inject({ method: 'GET', url: `/1/indexes/${config.search.indexName}/no-such-package-zz`, headers: auth() });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { message: 'ObjectID does not exist', status: 404 });
    const many = await app.inject({
      method: 'POST',
      url: '/1/indexes/*/objects',
      headers: auth(),
      payload: {
        requests: [
          { indexName: config.search.indexName, objectID: 'vue' },
          { indexName: config.search.indexName, objectID: 'no-such-package-zz' },
        ],
      },
    });
    assert.equal(many.json().results[0].name, 'vue');
    assert.equal(many.json().results[1], null);
  });

  it('refuses a bad or missing key with 403', async () => {
    const bad = await query({ query: 'react' }, { ...auth(), 'x-algolia-api-key': 'wrong' });
    assert.equal(bad.status, 403);
    assert.deepEqual(bad.json, { message: 'Invalid Application-ID or API key', status: 403 });
    const missing = await query({ query: 'react' }, {});
    assert.equal(missing.status, 403);
    const wrongApp = await query({ query: 'react' }, { ...auth(), 'x-algolia-application-id': 'OTHER' });
    assert.equal(wrongApp.status, 403);
    // However the address is spelled, the route that answers is what needs the key.
    for (const url of [
      `/%31/indexes/${config.search.indexName}?query=react`,
      `/1/indexes/${config.search.indexName}%2Fquery`,
      `//1/indexes/${config.search.indexName}?query=react`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      assert.notEqual(response.statusCode, 200, url);
      assert.ok([403, 404].includes(response.statusCode), `${url}: ${response.statusCode}`);
    }
    assert.equal((await app.inject({ method: 'GET', url: `/%31/indexes/${config.search.indexName}?query=react` })).statusCode, 403);
  });

  it('bounds what one call may ask for: queries, filters and hits', async () => {
    const multi = (requests: unknown[]) => app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers: auth(), payload: { requests } });
    const q = (extra: Record<string, unknown> = {}) => ({ indexName: config.search.indexName, query: 'react', hitsPerPage: 1, ...extra });
    const tooMany = await multi(Array.from({ length: 51 }, () => q()));
    assert.equal(tooMany.statusCode, 400);
    assert.match(tooMany.json().message, /Too many queries: at most 50/);
    assert.equal((await multi(Array.from({ length: 50 }, () => q()))).statusCode, 200);

    const manyHits = await multi(Array.from({ length: 5 }, () => q({ hitsPerPage: 1000 })));
    assert.equal(manyHits.statusCode, 400);
    assert.match(manyHits.json().message, /Too many hits asked for: at most 1000 in one call/);

    const filters = Array.from({ length: 800 }, (_, i) => `owner.name:-nobody${i}`);
    const started = performance.now();
    const heavy = await multi(Array.from({ length: 5 }, () => q({ facetFilters: filters })));
    assert.equal(heavy.statusCode, 400);
    assert.match(heavy.json().message, /Too many facetFilters: at most 50 in one query, got 800/);
    assert.ok(performance.now() - started < 1000, 'refused before any search runs');
    const single = await query({ query: 'react', facetFilters: [Array.from({ length: 1000 }, (_, i) => `owner.name:x${i}`)] });
    assert.equal(single.status, 400, 'one OR group counts every filter in it');
    assert.equal((await query({ query: 'react', facetFilters: filters.slice(0, 50) })).status, 200);

    const objects = await app.inject({
      method: 'POST',
      url: '/1/indexes/*/objects',
      headers: auth(),
      payload: { requests: Array.from({ length: 51 }, () => ({ indexName: config.search.indexName, objectID: 'react' })) },
    });
    assert.equal(objects.statusCode, 400);
    assert.match(objects.json().message, /Too many objects: at most 50/);
  });

  it('answers 404 for an unknown index, in the single and multi forms', async () => {
    const single = await app.inject({ method: 'POST', url: '/1/indexes/other-index/query', headers: auth(), payload: { query: 'react' } });
    assert.equal(single.statusCode, 404);
    assert.equal(single.json().message, 'Index other-index does not exist');
    const multi = await app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: auth(),
      payload: { requests: [{ indexName: 'other-index', query: 'x' }] },
    });
    assert.equal(multi.statusCode, 404);
    const object = await app.inject({ method: 'GET', url: '/1/indexes/other-index/react', headers: auth() });
    assert.equal(object.statusCode, 404);
  });

  it('answers 400 with a clear message for malformed bodies and parameters', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{not json', /Invalid JSON/],
      ['[1,2]', /JSON object/],
      [{ query: { nested: true } }, /query/],
      [{ hitsPerPage: 'many' }, /hitsPerPage/],
      [{ hitsPerPage: 5000 }, /hitsPerPage/],
      [{ page: -1 }, /page/],
      [{ page: 1.5 }, /page/],
      [{ page: 1001 }, /page.*between 0 and 1000/],
      // Numbers are decimal integers, as written: no hexadecimal, exponent, infinity or padding.
      [{ hitsPerPage: '0x10' }, /hitsPerPage/],
      [{ hitsPerPage: '1e1' }, /hitsPerPage/],
      [{ page: 'Infinity' }, /page/],
      [{ hitsPerPage: ' 5' }, /hitsPerPage/],
      [{ params: 'hitsPerPage=%205' }, /hitsPerPage/],
      [{ facetFilters: 5 }, /facetFilters/],
      [{ facetFilters: ['noColon'] }, /facetFilters/],
      [{ facetFilters: [[1]] }, /facetFilters/],
      [{ attributesToRetrieve: [1] }, /attributesToRetrieve/],
      [{ params: 42 }, /params/],
      [{ query: 'x'.repeat(600) }, /too long/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await query(body);
      assert.equal(status, 400, JSON.stringify(body));
      assert.equal(json.status, 400);
      assert.match(json.message ?? '', message);
    }
    const multi = await app.inject({ method: 'POST', url: '/1/indexes/*/queries', headers: auth(), payload: { requests: 'react' } });
    assert.equal(multi.statusCode, 400);
    assert.match(multi.json().message, /requests/);
    const badGzip = await app.inject({
      method: 'POST',
      url: `/1/indexes/${config.search.indexName}/query`,
      headers: { ...auth(), 'content-encoding': 'gzip', 'content-type': 'application/json' },
      payload: 'not gzip',
    });
    assert.equal(badGzip.statusCode, 400);
  });

  it('lets browsers call it: CORS preflight and headers', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/1/indexes/*/queries',
      headers: { origin: 'https://site.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-algolia-api-key' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /x-algolia-api-key/);
    const { status } = await query({ query: 'react' });
    assert.equal(status, 200);
    const response = await app.inject({
      method: 'POST',
      url: `/1/indexes/${config.search.indexName}/query`,
      headers: { ...auth(), origin: 'https://site.example' },
      payload: {},
    });
    assert.equal(response.headers['access-control-allow-origin'], '*');
    const denied = await query({ query: 'react' }, {});
    assert.equal(denied.status, 403);
  });

  it('has health, readiness and metrics', async () => {
    assert.equal((await app.inject('/healthz')).statusCode, 200);
    assert.equal((await app.inject('/readyz')).statusCode, 200);
    assert.match((await app.inject('/metrics')).body, /http_requests_total/);
  });
});

describe('search: through the real algoliasearch lite client', () => {
  it('searches one index', async () => {
    const { results } = await client().searchForHits<SearchRecord>({
      requests: [{ indexName: config.search.indexName, query: 'recat', hitsPerPage: 5, attributesToHighlight: [] }],
    });
    const result = results[0]!;
    assert.equal(result.hits[0]!.name, 'react');
    assert.equal(result.hitsPerPage, 5);
    assert.ok(result.nbHits! > 0);
    assert.ok(result.nbPages! > 0);
  });

  it('sends the website filters and pages', async () => {
    const { results } = await client().searchForHits<SearchRecord>({
      requests: [
        {
          indexName: config.search.indexName,
          query: 'boot',
          page: 0,
          hitsPerPage: 10,
          facetFilters: ['styleTypes:-none', ['moduleTypes:esm']],
          attributesToRetrieve: ['name', 'styleTypes'],
        },
      ],
    });
    assert.deepEqual(
      results[0]!.hits.map((hit) => hit.name),
      ['bootstrap'],
    );
  });

  it('reports a bad key as an API error with status 403', async () => {
    await assert.rejects(client('wrong-key').search({ requests: [{ indexName: config.search.indexName, query: 'react' }] }), (error: unknown) => {
      assert.equal((error as { status?: number }).status, 403);
      assert.match((error as Error).message, /Invalid Application-ID or API key/);
      return true;
    });
  });
});

/**
 * The operator's allow-list and deny-list in the search service: a refused package is never indexed, from the
 * catalog, a fetched document or the changes feed alike, and what an earlier configuration indexed goes at
 * start-up, so that no query, browse or object lookup finds it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../config/config.ts';
import { buildSearchApp } from './app.ts';
import { acquireSearchIndex, indexDocument, releaseSearchIndex } from './indexer.ts';
import { packument, searchTestConfig } from './testing.ts';

const CATALOG = [
  'name\tversion\tdownloads_a_month\tdescription',
  'otter-ui\t4.2.0\t90000000\tComponents for calm otters',
  'otter-legacy\t1.0.0\t5000000\tOld components for calm otters',
  '@hidden/otter\t1.0.0\t1000000\tA private otter',
].join('\n');

describe('search: packages the operator refuses', () => {
  const env = searchTestConfig();
  const catalogFile = path.join(env.config.dataDir, 'catalog.tsv.gz');
  fs.writeFileSync(catalogFile, gzipSync(CATALOG));
  after(() => env.cleanup());

  const withLists = (lists: Record<string, string>) =>
    loadConfig({
      SKYLIFT_DATA_DIR: env.config.dataDir,
      SKYLIFT_LOG_LEVEL: 'silent',
      SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
      SKYLIFT_SEARCH_APP_ID: 'TESTAPP',
      SKYLIFT_SEARCH_API_KEY: 'test-search-key',
      ...lists,
    });

  async function hits(lists: Record<string, string>): Promise<string[]> {
    const config = withLists(lists);
    const app = await buildSearchApp(config, { catalogFile, enrichCatalog: false, followChanges: false, queries: { threads: 1 } });
    try {
      const response = await app.inject({
        method: 'POST',
        url: `/1/indexes/${config.search.indexName}/query`,
        headers: { 'content-type': 'application/json', 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey },
        payload: JSON.stringify({ params: 'query=otter&hitsPerPage=10' }),
      });
      assert.equal(response.statusCode, 200, response.body);
      const object = await app.inject({
        url: `/1/indexes/${config.search.indexName}/otter-legacy`,
        headers: { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey },
      });
      const names = (response.json() as { hits: Array<{ name: string }> }).hits.map((hit) => hit.name).sort();
      return (object.statusCode === 200 ? names : [...names, 'otter-legacy: not found']).sort();
    } finally {
      await app.close();
    }
  }

  it('finds everything the catalog holds while nothing is refused', async () => {
    assert.deepEqual(await hits({}), ['@hidden/otter', 'otter-legacy', 'otter-ui']);
  });

  it('drops what an earlier configuration indexed once the operator denies a name and a scope', async () => {
    assert.deepEqual(await hits({ SKYLIFT_PACKAGE_DENY: 'otter-legacy,@hidden' }), ['otter-legacy: not found', 'otter-ui']);
  });

  it('never writes a refused package, whoever brings its document', () => {
    const config = withLists({ SKYLIFT_PACKAGE_ALLOW: 'otter-ui' });
    const index = acquireSearchIndex(config);
    try {
      indexDocument(index, packument('otter-new', '1.0.0', { description: 'Not on the allow-list' }), {}, 'code.example');
      indexDocument(index, packument('otter-ui', '4.3.0', { description: 'Components for calm otters' }), {}, 'code.example');
      assert.equal(index.get('otter-new'), undefined);
      assert.equal(index.get('otter-ui')?.version, '4.3.0');
    } finally {
      releaseSearchIndex(config);
    }
  });
});

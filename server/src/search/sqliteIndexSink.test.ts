import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { startFixtureRegistry, type FixtureRegistry as UpstreamRegistry } from '../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../cdn/app.ts';
import type { Config } from '../config/config.ts';
import { buildDataApp } from '../data/app.ts';
import { buildSearchApp } from './app.ts';
import { searchIndexFile } from './indexer.ts';
import type { SearchRecord } from './record.ts';
import type { FetchedNpmDocument, FileEntry } from '../packages/index.ts';
import { SearchIndex } from './index.ts';
import { registryFetcher, registryVersionFetcher } from './registry.ts';
import { acquireIndexSink, releaseIndexSink, SqliteIndexSink, sqliteSearchSinks } from './sqliteIndexSink.ts';
import { FixtureRegistry, packument, searchTestConfig } from './testing.ts';
import { until } from '../testing/until.ts';

/** The CDN, the data API and the search service of one machine, sharing one data folder and the fixture registry. */
describe('packages fetched by the CDN and the data API become searchable', () => {
  let registry: UpstreamRegistry;
  let config: Config;
  let cleanup: () => void;
  let cdn: FastifyInstance;
  let data: FastifyInstance;
  let search: FastifyInstance;

  before(async () => {
    registry = await startFixtureRegistry();
    ({ config, cleanup } = searchTestConfig({ SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_UPSTREAM_TIMEOUT_MS: '5000' }));
    search = await buildSearchApp(config, {
      // No catalog: the index knows only what the services fetch.
      catalogFile: path.join(config.dataDir, 'no-catalog.tsv.gz'),
      enrichCatalog: false,
      followChanges: false,
      hitsRefreshIntervalMs: false,
    });
    cdn = await buildCdnApp(config, { searchSink: sqliteSearchSinks });
    data = await buildDataApp(config, { ingestIntervalMs: false, searchSink: sqliteSearchSinks });
    await Promise.all([search.ready(), cdn.ready(), data.ready()]);
  });

  after(async () => {
    await cdn.close();
    await data.close();
    await search.close();
    await registry.close();
    cleanup();
  });

  /** Waits until what the services noted so far is written to the index. */
  async function indexingDone(): Promise<void> {
    const sink = acquireIndexSink(config);
    assert.ok(sink);
    try {
      await sink.flush();
    } finally {
      await releaseIndexSink(config);
    }
  }

  async function find(query: string): Promise<SearchRecord[]> {
    const response = await search.inject({
      method: 'POST',
      url: `/1/indexes/${config.search.indexName}/query`,
      headers: { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey },
      payload: JSON.stringify({ query, hitsPerPage: 20 }),
    });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { hits: SearchRecord[] }).hits;
  }

  /** The first hit for `query` once the indexing of what was fetched so far found one. */
  function indexed(query: string): Promise<SearchRecord> {
    return until(
      async () => {
        await indexingDone();
        return (await find(query))[0];
      },
      { message: `a hit for ${query}` },
    );
  }

  it('a package the index did not know is found with its full record after the CDN served one of its files', async () => {
    assert.deepEqual(await find('esm-only-lib'), []);
    const served = await cdn.inject({ url: '/npm/esm-only-lib@1.0.0/src/index.js' });
    assert.equal(served.statusCode, 200);
    const css = await cdn.inject({ url: '/npm/css-only@1.0.0/dist/css-only.css' });
    assert.equal(css.statusCode, 200);
    // The package's document is fetched behind the answer (an exact version needs only its own): indexed once it arrived.
    const hit = await indexed('esm-only-lib');
    assert.equal(hit.name, 'esm-only-lib');
    assert.equal(hit.version, '1.0.0');
    assert.equal(hit.description, 'An ES module package with internal modules and a lazily loaded part.');
    assert.equal(hit.license, 'MIT');
    assert.deepEqual(hit.moduleTypes, ['esm']);
    assert.deepEqual(hit.styleTypes, ['none']);
    // Words of the description find it too.
    assert.ok((await find('lazily loaded')).some((record) => record.name === 'esm-only-lib'));

    const style = await indexed('css-only');
    assert.equal(style.name, 'css-only');
    assert.deepEqual(style.styleTypes, ['css']);
  });

  it('a package document refreshed upstream updates the record (through the data API)', async () => {
    registry.publish(
      'esm-only-lib',
      '2.0.0',
      {
        'package.json': JSON.stringify({
          name: 'esm-only-lib',
          version: '2.0.0',
          description: 'Rewritten: a faster module loader with a tiny footprint.',
          keywords: ['loader', 'modules'],
          main: 'index.js',
          license: 'ISC',
        }),
        'index.js': 'module.exports = {};\n',
      },
      { tags: ['latest'] },
    );
    const versions = await data.inject({ url: '/v1/packages/npm/esm-only-lib' });
    assert.equal(versions.statusCode, 200, versions.body);
    await indexingDone();

    const [hit] = await find('esm-only-lib');
    assert.equal(hit?.version, '2.0.0');
    assert.equal(hit?.description, 'Rewritten: a faster module loader with a tiny footprint.');
    assert.equal(hit?.license, 'ISC');
    assert.deepEqual(hit?.keywords, ['loader', 'modules']);
    assert.ok((await find('faster module loader')).some((record) => record.name === 'esm-only-lib'));
    // The old description no longer finds it.
    assert.ok(!(await find('lazily loaded')).some((record) => record.name === 'esm-only-lib'));
  });

  it('a version deprecated upstream is indexed as deprecated', async () => {
    registry.publish(
      'tiny-lib',
      '9.0.0',
      { 'package.json': JSON.stringify({ name: 'tiny-lib', version: '9.0.0', main: 'index.js' }), 'index.js': 'module.exports = 1;\n' },
      { tags: ['latest'], deprecated: 'Use esm-only-lib instead.' },
    );
    const served = await cdn.inject({ url: '/npm/tiny-lib@9.0.0/index.js' });
    assert.equal(served.statusCode, 200);
    const hit = await until(
      async () => {
        await indexingDone();
        return (await find('tiny-lib')).find((record) => record.name === 'tiny-lib' && record.deprecated);
      },
      { message: 'tiny-lib to be indexed as deprecated' },
    );
    assert.equal(hit.deprecated, 'Use esm-only-lib instead.');
  });

  it('the CDN keeps serving while another process holds the index locked, and the package is indexed once the lock is gone', async () => {
    const other = new Database(searchIndexFile(config));
    other.exec('BEGIN IMMEDIATE');
    let released = false;
    try {
      const served = await cdn.inject({ url: '/npm/colorkit/package.json' });
      assert.equal(served.statusCode, 200);
      // The batch meets the lock, gives up quickly and is kept for a retry.
      const sink = acquireIndexSink(config);
      assert.ok(sink);
      await until(() => sink.retriesPending > 0, { message: 'the batch to meet the lock', timeoutMs: 15_000, intervalMs: 20 });
      other.exec('COMMIT');
      released = true;
      await sink.flush();
      await releaseIndexSink(config);
    } finally {
      if (!released) other.exec('ROLLBACK');
      other.close();
    }
    assert.equal((await find('colorkit'))[0]?.name, 'colorkit');
  });
});

describe('the SQLite index sink', () => {
  let registry: FixtureRegistry;
  let index: SearchIndex;
  let sink: SqliteIndexSink;

  /** What the package layer reports: the document as fetched, and the versions extracted on this machine. */
  const fetched = (
    name: string,
    latest: string,
    extracted: Record<string, { manifest: Record<string, unknown>; files: string[] }> = {},
    deprecated?: string,
  ): FetchedNpmDocument => ({
    name,
    document: {
      name,
      distTags: { latest },
      versions: { [latest]: { tarball: `${registry.url}/${name}/-/${name}-${latest}.tgz`, ...(deprecated ? { deprecated } : {}) } },
      order: [latest],
    },
    extracted: async (version) => {
      const found = extracted[version];
      return found
        ? { manifest: found.manifest, files: found.files.map((file): FileEntry => ({ path: file, size: 1, sha256: 'x', time: '2024-01-01T00:00:00.000Z' })) }
        : null;
    },
  });

  before(async () => {
    registry = new FixtureRegistry();
    await registry.start();
    index = new SearchIndex(':memory:');
    sink = new SqliteIndexSink(index, {
      fetchVersion: registryVersionFetcher(registry.url, 5000),
      fetchDocument: registryFetcher(registry.url, 5000),
      codeHost: 'example.com',
    });
  });

  after(async () => {
    await sink.close();
    index.close();
    await registry.stop();
  });

  it('asks the registry for the latest manifest only, and nothing when the index already has that version', async () => {
    registry.publish(
      'otter-grid',
      packument('otter-grid', '3.1.0', { description: 'Data grid for otters', repository: 'git+https://example.com/otters/grid.git', module: 'grid.mjs' }),
    );
    sink.packageFetched(fetched('otter-grid', '3.1.0'));
    await sink.flush();
    assert.deepEqual(registry.documentRequests, ['/otter-grid/3.1.0']);
    const record = index.get('otter-grid');
    assert.equal(record?.description, 'Data grid for otters');
    assert.deepEqual(record?.owner, { name: 'otters', avatar: 'https://example.com/otters.png', link: 'https://example.com/otters' });
    assert.deepEqual(record?.moduleTypes, ['esm']);

    registry.documentRequests.length = 0;
    sink.packageFetched(fetched('otter-grid', '3.1.0'));
    await sink.flush();
    assert.deepEqual(registry.documentRequests, [], 'an unchanged package is not fetched again');
  });

  it('indexes an extracted latest version from its own package.json and files, without the registry', async () => {
    registry.documentRequests.length = 0;
    sink.packageFetched(
      fetched('otter-theme', '1.0.0', {
        '1.0.0': {
          manifest: { name: 'otter-theme', version: '1.0.0', description: 'Themes in Sass' },
          files: ['/package.json', '/scss/theme.scss', '/dist/theme.css'],
        },
      }),
    );
    await sink.flush();
    assert.deepEqual(registry.documentRequests, []);
    const record = index.get('otter-theme');
    assert.equal(record?.description, 'Themes in Sass');
    assert.deepEqual([...(record?.styleTypes ?? [])].sort(), ['css', 'scss']);
  });

  it('many fetches of one package before the pause make one record, with the newest document', async () => {
    registry.publish('otter-cli', packument('otter-cli', '2.0.0', { description: 'Second edition' }));
    sink.packageFetched(fetched('otter-cli', '1.0.0'));
    sink.packageFetched(fetched('otter-cli', '2.0.0', {}, 'Moved to otter-tools'));
    await sink.flush();
    const record = index.get('otter-cli');
    assert.equal(record?.version, '2.0.0');
    assert.equal(record?.deprecated, 'Moved to otter-tools');
  });

  it('a package the registry no longer has is skipped; the rest of the batch is indexed', async () => {
    registry.publish('otter-ok', packument('otter-ok', '1.0.0', { description: 'Fine' }));
    sink.packageFetched(fetched('otter-gone', '1.0.0'));
    sink.packageFetched(fetched('otter-ok', '1.0.0'));
    await sink.flush();
    assert.equal(index.get('otter-gone'), undefined);
    assert.equal(index.get('otter-ok')?.description, 'Fine');
  });
});

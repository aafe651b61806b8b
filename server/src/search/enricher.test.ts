import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { Registry } from 'prom-client';
import { capturedLog } from '../testing/capturedLog.ts';
import { until, within } from '../testing/until.ts';
import { buildSearchApp } from './app.ts';
import { bootstrapFromCatalog } from './bootstrap.ts';
import { CatalogEnricher } from './enricher.ts';
import { acquireSearchIndex, releaseSearchIndex, searchIndexFile } from './indexer.ts';
import { registryFetcher } from './registry.ts';
import { FixtureRegistry, packument, searchTestConfig } from './testing.ts';

const CATALOG = [
  'name\tversion\tdownloads_a_month\tdescription',
  'otter-ui\t4.2.0\t90000000\tComponents for calm interfaces',
  '@otter/styles\t1.0.0\t5000000\tStyle sheets for otter-ui',
  'vanished-pkg\t0.0.1\t1000000\tNo longer in the registry',
].join('\n');

describe('search: completing catalog records from the registry', () => {
  const registry = new FixtureRegistry();
  let env: ReturnType<typeof searchTestConfig>;
  let catalogFile: string;

  before(async () => {
    await registry.start();
    env = searchTestConfig({ SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_GITHUB_ARCHIVE: 'https://codeload.code.example' });
    catalogFile = path.join(env.config.dataDir, 'catalog.tsv.gz');
    fs.writeFileSync(catalogFile, gzipSync(CATALOG));
    registry.documents.set(
      'otter-ui',
      packument('otter-ui', '4.2.0', {
        description: 'Components for calm interfaces',
        type: 'module',
        exports: { '.': './index.js' },
        repository: 'river-org/otter-ui',
        keywords: ['ui'],
      }),
    );
    registry.documents.set(
      '@otter/styles',
      packument('@otter/styles', '1.0.0', { description: 'Style sheets for otter-ui', style: 'dist/otter.css', repository: 'river-org/otter-styles' }),
    );
  });

  after(async () => {
    await registry.stop();
    env.cleanup();
  });

  it('fetches the latest manifest of catalog packages, most used first, and keeps catalog downloads', async () => {
    const index = acquireSearchIndex(env.config);
    try {
      bootstrapFromCatalog(index, catalogFile, () => {});
      assert.equal(index.get('otter-ui')?.owner.name, '');
      const enricher = new CatalogEnricher(index, { fetchLatest: registryFetcher(registry.url, 5000, true), codeHost: 'code.example', concurrency: 1 });
      assert.equal(await enricher.runToEnd(), 2);
      assert.deepEqual(registry.documentRequests, ['/otter-ui/latest', '/@otter%2Fstyles/latest', '/vanished-pkg/latest']);
      const otter = index.get('otter-ui')!;
      assert.equal(otter.owner.name, 'river-org');
      assert.deepEqual(otter.moduleTypes, ['esm']);
      assert.equal(otter.downloads, 90_000_000);
      assert.deepEqual(index.get('@otter/styles')?.styleTypes, ['css']);
      assert.equal(index.get('vanished-pkg')?.description, 'No longer in the registry', 'a package the registry lacks keeps its catalog record');
      registry.documentRequests.length = 0;
      assert.equal(await enricher.runToEnd(), 0);
      assert.deepEqual(registry.documentRequests, [], 'nothing is asked twice');
    } finally {
      releaseSearchIndex(env.config);
    }
  });

  it('pauses when the registry cannot be reached, and leaves the records for later', async () => {
    const { config, cleanup } = searchTestConfig();
    const index = acquireSearchIndex(config);
    try {
      bootstrapFromCatalog(index, catalogFile, () => {});
      const enricher = new CatalogEnricher(index, {
        fetchLatest: registryFetcher(config.upstream.npmRegistry, 2000, true),
        codeHost: 'code.example',
        failuresBeforePause: 2,
      });
      assert.equal(await enricher.runToEnd(), 0);
      assert.equal(index.catalogOnly(10).length, 3);
    } finally {
      releaseSearchIndex(config);
      cleanup();
    }
  });

  it('survives another process holding the write lock: the failure is logged and counted, and it finishes once the lock is released', async () => {
    const { config, cleanup } = searchTestConfig({ SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_GITHUB_ARCHIVE: 'https://codeload.code.example' });
    const index = acquireSearchIndex(config);
    // The CDN's sink in another process, in the middle of a write.
    const other = new Database(searchIndexFile(config));
    const { log, lines } = capturedLog();
    const metrics = new Registry();
    const enricher = new CatalogEnricher(index, {
      fetchLatest: registryFetcher(registry.url, 5000, true),
      codeHost: 'code.example',
      concurrency: 1,
      lockWaitMs: 20,
      backoffMs: 50,
    });
    try {
      bootstrapFromCatalog(index, catalogFile, () => {});
      other.exec('BEGIN IMMEDIATE');
      enricher.start({ log, metrics });
      await until(() => lines.filter((line) => line['job'] === 'search-catalog-enricher').length >= 2, {
        message: 'two failures logged',
        timeoutMs: 10_000,
        intervalMs: 10,
      });
      const failure = lines.find((line) => line['job'] === 'search-catalog-enricher')!;
      assert.equal(failure.msg, 'background job search-catalog-enricher failed');
      assert.match(failure.err?.code ?? '', /^SQLITE_BUSY/);
      assert.match(failure.err?.stack ?? '', /enricher\.ts/);
      assert.match(await metrics.metrics(), /skylift_background_job_failures_total\{job="search-catalog-enricher"\} [2-9]/);
      assert.equal(index.get('otter-ui')?.owner.name, '', 'nothing was written while the lock was held');

      other.exec('COMMIT');
      await within(enricher.finished, { message: 'the enricher to finish', timeoutMs: 10_000 });
      assert.equal(index.get('otter-ui')?.owner.name, 'river-org');
      assert.deepEqual(index.get('@otter/styles')?.styleTypes, ['css']);
      assert.deepEqual(index.catalogOnly(10), [], 'every catalog record was completed or marked unavailable');
    } finally {
      await enricher.stop();
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      releaseSearchIndex(config);
      cleanup();
    }
  });

  it('runs in the background of the service, so author and type filters find catalog packages', async () => {
    const { config, cleanup } = searchTestConfig({ SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_GITHUB_ARCHIVE: 'https://codeload.code.example' });
    const app = await buildSearchApp(config, { catalogFile });
    try {
      await app.ready();
      const headers = { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey };
      const byAuthor = async (): Promise<string[]> => {
        const response = await app.inject({
          method: 'POST',
          url: `/1/indexes/${config.search.indexName}/query`,
          headers,
          payload: { query: '', facetFilters: ['owner.name:river-org'] },
        });
        return (response.json() as { hits: Array<{ name: string }> }).hits.map((hit) => hit.name).sort();
      };
      const names = await until(
        async () => {
          const found = await byAuthor();
          return found.length >= 2 && found;
        },
        { message: 'both catalog packages found by author', timeoutMs: 5_000, intervalMs: 25 },
      );
      assert.deepEqual(names, ['@otter/styles', 'otter-ui']);
    } finally {
      await app.close();
      cleanup();
    }
  });
});

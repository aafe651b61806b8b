/**
 * WordPress plugins and themes in the statistics: lines the CDN logs with type `wp` are counted per plugin or
 * theme, as their own type, and answered by the data API (top packages filtered by type, one plugin, its
 * versions, a version's files), each answer checked against the contract.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/config.ts';
import type { RequestLogLine } from '../requestlog/reader.ts';
import { contentOf } from '../stats/fold.ts';
import { Ingester } from '../stats/ingester.ts';
import { openStatsStore, type StatsStore } from '../stats/store.ts';
import { appendLogLines, logLine } from '../stats/testing/requestLogFixture.ts';
import { buildDataApp } from './app.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { ContractCheck } from './testing/conformance.ts';

const NOW = new Date('2026-02-01T12:00:00.000Z');
const BASE = 'http://data.test';
const T = '2026-01-31T09:00:00.000Z';

const wp = (name: string, version: string, kind: 'version' | 'branch', file: string, bytes: number): RequestLogLine =>
  logLine({ t: T, type: 'wp', name, version, kind, file, bytes, status: 200, proxy: null });

const LOG: RequestLogLine[] = [
  wp('plugins/wp-slimstat', '5.0.9', 'version', '/admin/assets/js/slimstat.js', 100),
  wp('plugins/wp-slimstat', '5.0.9', 'version', '/admin/assets/js/slimstat.js', 100),
  wp('plugins/wp-slimstat', '5.0.9', 'version', '/readme.txt', 10),
  wp('plugins/wp-slimstat', 'trunk', 'branch', '/admin/assets/js/slimstat.js', 100),
  wp('themes/twentytwentyfour', '1.2', 'version', '/style.css', 50),
  wp('themes/twentytwentyfour', '1.2', 'version', '/style.css', 50),
  logLine({ t: T, type: 'npm', name: 'jquery', version: '3.7.1', kind: 'version', file: '/dist/jquery.min.js', bytes: 1, status: 200, proxy: null }),
];

let app: FastifyInstance;
let stats: StatsStore;
let dir: string;
const contract = new ContractCheck();

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-wp-'));
  const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent', SKYLIFT_DATA_URL: BASE });
  appendLogLines(path.join(dir, 'request-log'), LOG);
  stats = await openStatsStore(config);
  await new Ingester(stats, { logDir: path.join(dir, 'request-log') }).catchUp();
  app = await buildDataApp(config, { store: new MemoryPackageStore([]), stats, ingestIntervalMs: false, now: () => NOW });
});
after(async () => {
  await app.close();
  await stats.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Answers are checked against the contract; the tests then read their fields freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async <T = any>(url: string): Promise<T> => {
  const response = await app.inject({ method: 'GET', url });
  contract.check({ method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json() as T;
};

test('a WordPress line is package traffic', () => {
  assert.equal(contentOf(wp('plugins/a', '1.0', 'version', '/a.js', 1)), 'packages');
});

test('top packages count WordPress plugins and themes as their own type', async () => {
  const all = await json<Array<{ type: string; name: string; hits: number; bandwidth: number; links: { self: string } }>>('/v1/stats/packages');
  assert.deepEqual(
    all.map((row) => [row.type, row.name, row.hits, row.bandwidth]),
    [
      ['wp', 'plugins/wp-slimstat', 4, 310],
      ['wp', 'themes/twentytwentyfour', 2, 100],
      ['npm', 'jquery', 1, 1],
    ],
  );
  assert.equal(all[0]!.links.self, `${BASE}/v1/stats/packages/wp/plugins/wp-slimstat?period=month`);
  const onlyWp = await json<Array<{ name: string }>>('/v1/stats/packages?type=wp');
  assert.deepEqual(
    onlyWp.map((row) => row.name),
    ['plugins/wp-slimstat', 'themes/twentytwentyfour'],
  );
  const onlyNpm = await json<Array<{ name: string }>>('/v1/stats/packages?type=npm');
  assert.deepEqual(
    onlyNpm.map((row) => row.name),
    ['jquery'],
  );
});

test('one plugin: its totals and ranks, its versions (trunk a branch), a version and its files', async () => {
  const plugin = await json('/v1/stats/packages/wp/plugins/wp-slimstat');
  assert.deepEqual([plugin.hits.total, plugin.hits.rank, plugin.hits.typeRank, plugin.bandwidth.total], [4, 0, 0, 310]);
  const theme = await json('/v1/stats/packages/wp/themes/twentytwentyfour');
  assert.deepEqual([theme.hits.total, theme.hits.typeRank], [2, 1]);
  const versions = await json<Array<{ type: string; version: string; hits: { total: number } }>>('/v1/stats/packages/wp/plugins/wp-slimstat/versions');
  assert.deepEqual(
    versions.map((v) => [v.type, v.version, v.hits.total]),
    [
      ['version', '5.0.9', 3],
      ['branch', 'trunk', 1],
    ],
  );
  const version = await json('/v1/stats/packages/wp/plugins/wp-slimstat@5.0.9');
  assert.equal(version.hits.total, 3);
  assert.equal(version.links.files, `${BASE}/v1/stats/packages/wp/plugins/wp-slimstat@5.0.9/files?period=month`);
  const files = await json<Array<{ name: string; hits: { total: number } }>>('/v1/stats/packages/wp/plugins/wp-slimstat@5.0.9/files');
  assert.deepEqual(
    files.map((f) => [f.name, f.hits.total]),
    [
      ['/admin/assets/js/slimstat.js', 2],
      ['/readme.txt', 1],
    ],
  );
});

test('malformed WordPress statistics paths are 400s, unknown suffixes 404s', async () => {
  for (const url of ['/v1/stats/packages/wp/widgets/x', '/v1/stats/packages/wp/plugins/.hidden', '/v1/stats/packages/wp/plugins/a@%20']) {
    const response = await app.inject({ method: 'GET', url });
    assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
  }
  const unknown = await app.inject({ method: 'GET', url: '/v1/stats/packages/wp/plugins/a/badge' });
  assert.equal(unknown.statusCode, 404);
});

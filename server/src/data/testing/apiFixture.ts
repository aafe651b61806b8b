/**
 * The data API the app tests share (`../app.test.ts`, the statistics; `../metadataAndHttp.test.ts`, package
 * metadata and what every answer shares), on each storage engine: a request log ingested into the statistics,
 * a memory package store, and every answer checked against the OpenAPI contract the service serves.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../config/config.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import type { RequestLogLine } from '../../requestlog/reader.ts';
import { Ingester } from '../../stats/ingester.ts';
import { openStatsStore, type StatsStore } from '../../stats/store.ts';
import { appendLogLines } from '../../stats/testing/requestLogFixture.ts';
import { startPostgresCluster, type PostgresCluster } from '../../stats/testing/postgresCluster.ts';
import { buildDataApp } from '../app.ts';
import { ContractCheck } from './conformance.ts';

export const NOW = new Date('2026-02-01T12:00:00.000Z');
export const BASE = 'http://data.test';
export const SITE = 'http://www.test';
export const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
export const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36';
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';
export const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

function line(partial: Partial<RequestLogLine> & Pick<RequestLogLine, 't'>): RequestLogLine {
  return {
    v: 1,
    type: 'npm',
    name: null,
    version: null,
    kind: 'version',
    file: null,
    status: 200,
    bytes: 0,
    provider: null,
    country: null,
    ua: null,
    proxy: null,
    ...partial,
  };
}
const times = (n: number, make: () => RequestLogLine): RequestLogLine[] => Array.from({ length: n }, make);

/** The traffic every assertion below is computed from. */
const LOG: RequestLogLine[] = [
  line({
    t: '2025-12-20T10:00:00.000Z',
    name: 'jquery',
    version: '3.7.1',
    file: '/dist/jquery.min.js',
    bytes: 100,
    provider: 'CF',
    country: 'US',
    ua: CHROME_WIN,
  }),
  line({
    t: '2026-01-30T08:00:00.000Z',
    type: 'gh',
    name: 'twbs/bootstrap',
    version: '5.3.0',
    file: '/dist/css/bootstrap.min.css',
    bytes: 500,
    provider: 'BN',
    country: 'PL',
    ua: CHROME_ANDROID,
  }),
  ...times(3, () =>
    line({
      t: '2026-01-31T09:00:00.000Z',
      name: 'jquery',
      version: '3.7.1',
      file: '/dist/jquery.min.js',
      bytes: 100,
      provider: 'CF',
      country: 'US',
      ua: CHROME_WIN,
    }),
  ),
  line({
    t: '2026-02-01T01:00:00.000Z',
    name: 'jquery',
    version: '3.6.0',
    file: '/dist/jquery.js',
    bytes: 50,
    provider: 'FY',
    country: 'DE',
    ua: FIREFOX_LINUX,
  }),
  ...times(2, () =>
    line({
      t: '2026-02-01T02:00:00.000Z',
      name: '@popperjs/core',
      version: '2.11.8',
      file: '/dist/umd/popper.min.js',
      bytes: 1000,
      provider: 'CF',
      country: 'DE',
      ua: SAFARI_MAC,
    }),
  ),
  line({ t: '2026-02-01T03:00:00.000Z', name: 'nope', status: 404, kind: null, bytes: 20 }),
  ...times(2, () =>
    line({
      t: '2026-02-01T04:00:00.000Z',
      type: 'other',
      proxy: 'cocoa',
      file: '/Specs/a.json',
      kind: null,
      bytes: 10,
      provider: 'CF',
      country: 'US',
      ua: CHROME_WIN,
    }),
  ),
];

export const JQUERY_MIN = '/*! jQuery v3.7.1 */ minified';
export const packages = new MemoryPackageStore([
  {
    ref: { type: 'npm', name: 'jquery' },
    tags: { latest: '3.7.1', beta: '3.7.1' },
    versions: {
      '3.6.0': { files: { '/dist/jquery.js': 'jquery 3.6.0', '/package.json': '{}' }, default: '/dist/jquery.js' },
      '3.7.1': {
        files: { '/dist/jquery.min.js': JQUERY_MIN, '/dist/jquery.js': 'full', '/README.md': '# jQuery', '/src/core/init.js': 'init' },
        default: '/dist/jquery.js',
      },
    },
  },
  {
    ref: { type: 'npm', name: '@popperjs/core' },
    tags: { latest: '2.11.8' },
    versions: { '2.11.8': { files: { '/dist/umd/popper.min.js': 'popper', '/dist/umd/popper.js': 'p' } } },
  },
  {
    ref: { type: 'npm', name: 'bootstrap' },
    tags: { latest: '5.3.0' },
    versions: {
      '5.3.0': {
        files: { '/dist/css/bootstrap.min.css': 'css', '/dist/css/bootstrap.css': 'c', '/dist/js/bootstrap.js': 'j' },
        manifest: { style: 'dist/css/bootstrap.css' },
      },
    },
  },
  { ref: { type: 'gh', name: 'twbs/bootstrap' }, tags: { latest: '5.3.0' }, versions: { '5.3.0': { files: { '/README.md': 'readme' } } } },
]);

/** Every statistics assertion runs on both storage engines: the same SQL must give the same answers. */
export const ENGINES = ['sqlite', 'postgres'] as const;

export interface DataFixture {
  app: FastifyInstance;
  stats: StatsStore;
  /** The data folder, with the request log the statistics were ingested from. */
  dir: string;
  /** A GET whose answer is checked against the contract. */
  get: (url: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** A GET that must answer 200, its JSON body (checked against the contract, then read freely). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: <T = any>(url: string) => Promise<T>;
  close: () => Promise<void>;
}

export async function openDataFixture(engine: (typeof ENGINES)[number]): Promise<DataFixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-api-'));
  const cluster: PostgresCluster | undefined = engine === 'postgres' ? await startPostgresCluster() : undefined;
  const config = loadConfig({
    SKYLIFT_DATA_DIR: dir,
    SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
    SKYLIFT_LOG_LEVEL: 'silent',
    SKYLIFT_DATA_URL: BASE,
    SKYLIFT_WWW_URL: SITE,
    SKYLIFT_POSTGRES_URL: cluster?.url,
  });
  appendLogLines(path.join(dir, 'request-log'), LOG);
  const stats = await openStatsStore(config);
  await new Ingester(stats, { logDir: path.join(dir, 'request-log') }).catchUp();
  const app = await buildDataApp(config, { store: packages, stats, ingestIntervalMs: false, now: () => NOW });
  const contract = new ContractCheck();
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url, headers });
    contract.check({ method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body });
    return response;
  };
  return {
    app,
    stats,
    dir,
    get,
    json: async (url) => {
      const response = await get(url);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      return response.json();
    },
    close: async () => {
      await app.close();
      await stats.close();
      await cluster?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

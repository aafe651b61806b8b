import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/config.ts';
import { Ingester } from '../../stats/ingester.ts';
import { openStatsStore, type StatsStore } from '../../stats/store.ts';
import { appendLogLines } from '../../stats/testing/requestLogFixture.ts';
import { buildDataApp } from '../app.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';

const NOW = new Date('2026-02-01T12:00:00.000Z');
let dir: string;
let stats: StatsStore;
let app: FastifyInstance;

/**
 * The store with one top-packages answer held open while `holdNext` is set: a request then keeps its place in
 * the gate until the test lets it go, however fast this machine answers the query.
 */
let holdNext = false;
let letGo: () => void = () => {};
let heldInside: Promise<void> = Promise.resolve();
let entered: () => void = () => {};
function holdingFirstTopPackages(store: StatsStore): StatsStore {
  const packages = store.reads.packages;
  const top = packages.top.bind(packages);
  packages.top = async (...args) => {
    if (holdNext) {
      holdNext = false;
      await new Promise<void>((resolve) => {
        letGo = resolve;
        entered();
      });
    }
    return top(...args);
  };
  return store;
}
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-admission-'));
  const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent' });
  appendLogLines(
    path.join(dir, 'request-log'),
    Array.from({ length: 20 }, (_, at) => ({
      v: 1 as const,
      t: `2026-01-${String(10 + (at % 20)).padStart(2, '0')}T10:00:00.000Z`,
      type: 'npm' as const,
      name: `pkg-${at % 5}`,
      version: '1.0.0',
      kind: 'version' as const,
      file: '/index.js',
      status: 200,
      bytes: 100,
      provider: null,
      country: null,
      ua: null,
      proxy: null,
    })),
  );
  stats = await openStatsStore(config);
  await new Ingester(stats, { logDir: path.join(dir, 'request-log') }).catchUp();
  // Two year-long requests are over this budget; a month-long one is cheap, with a budget of its own.
  app = await buildDataApp(config, {
    store: new MemoryPackageStore([]),
    stats: holdingFirstTopPackages(stats),
    ingestIntervalMs: false,
    now: () => NOW,
    admission: { budgetDays: 400 },
  });
});
after(async () => {
  await app.close();
  await stats.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('answers a client over its budget of statistics days with 429 and Retry-After in the API error shape; others are answered', async () => {
  const get = (url: string, remoteAddress: string) => app.inject({ url, remoteAddress });
  heldInside = new Promise<void>((resolve) => (entered = resolve));
  holdNext = true;
  // A year-long request of the client holds its place while it runs...
  const firstAnswer = get('/v1/stats/packages?period=year', '192.0.2.1');
  await heldInside;
  // ...so a second one is over its budget of 400 days, while its cheap requests and another client are served.
  const second = await get('/v1/stats/packages/npm/pkg-1?period=year', '192.0.2.1');
  const cheap = await get('/v1/stats/packages?period=week', '192.0.2.1');
  const otherAnswer = get('/v1/stats/packages?period=year', '192.0.2.2');
  letGo();
  const [first, other] = await Promise.all([firstAnswer, otherAnswer]);
  assert.equal(first.statusCode, 200);
  assert.equal(second.statusCode, 429);
  const refused = second;
  assert.match(String(refused.headers['retry-after']), /^[1-9]\d*$/);
  assert.equal(refused.headers['cache-control'], 'no-cache, no-store, must-revalidate');
  const body = refused.json() as { status: number; message: string };
  assert.equal(body.status, 429);
  assert.match(body.message, /^Too many of your statistics requests are still running or waiting; try again in \d+ s, or choose a shorter period\.$/);
  assert.equal(cheap.statusCode, 200, "a client's heavy backlog never gets its cheap requests refused");
  assert.equal(other.statusCode, 200, 'another client is answered');
  // Its first request answered, the client is admitted again.
  assert.equal((await get('/v1/stats/packages/npm/pkg-1?period=year', '192.0.2.1')).statusCode, 200);
});

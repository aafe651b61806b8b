/**
 * The memory a CDN process gives its caches is one setting (`SKYLIFT_MEMORY_CACHE_BYTES`), shared between the
 * package layer's versions and documents and the CDN's hot files, warm answers and records of generated files and
 * builds; `/metrics` shows what each holds against its share, so that an operator can tell caches filling from memory that should not grow.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/config.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import { until } from '../testing/until.ts';
import { buildCdnApp } from './app.ts';
import { testConfig } from './testing/testApp.ts';

const MB = 1024 * 1024;
/** 18 MB: shares of 4, 4, 1, 5, 1, 1, 1 and 1 MB. */
const MEMORY_CACHE = '18MB';
/** Files of 60 kB: the hot files' 5 MB hold about 85 of them. */
const FILE_BYTES = 60 * 1024;
const FILES = 100;

let registry: FixtureRegistry;
let app: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry();
  const files: Record<string, string> = { 'package.json': JSON.stringify({ name: 'many-files', version: '1.0.0' }) };
  for (let i = 0; i < FILES; i++) files[`dist/part-${i}.js`] = `/* part ${i} */\n${'x'.repeat(FILE_BYTES - 20)}\n`;
  registry.publish('many-files', '1.0.0', files);
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_MEMORY_CACHE_BYTES: MEMORY_CACHE });
  // The package layer's own store, as a running CDN has it: its caches report too.
  app = await buildCdnApp(config, { requestLog: false, countries: false });
});
after(async () => {
  await app.close();
  await registry.close();
});

/** `{ cache: [bytes, budget] }` from the service's /metrics. */
async function memoryCaches(): Promise<Record<string, [number, number]>> {
  const text = (await app.inject('/metrics')).body;
  const figures: Record<string, [number, number]> = {};
  for (const match of text.matchAll(/^skylift_memory_cache(_budget)?_bytes\{cache="([a-z_]+)"[^}]*\} (\d+)$/gm)) {
    const [, budget, cache, value] = match;
    figures[cache!] ??= [0, 0];
    figures[cache!]![budget ? 1 : 0] = Number(value);
  }
  return figures;
}

test("each cache's budget is its share of the one setting, and a fresh process holds nothing", async () => {
  const figures = await memoryCaches();
  assert.deepEqual(Object.fromEntries(Object.entries(figures).map(([cache, [, budget]]) => [cache, budget / MB])), {
    versions: 4,
    held_versions: 256,
    npm_documents: 4,
    npm_full_documents: 1,
    hot_files: 5,
    warm_answers: 1,
    generated_files: 1,
    esm_builds: 1,
    kept_builds: 1,
  });
  for (const [cache, [bytes]] of Object.entries(figures)) assert.equal(bytes, 0, cache);
});

test('serving fills the caches, and each stays within its share when the files served outgrow it', async () => {
  const serve = async (url: string, part: number): Promise<void> => {
    const response = await app.inject(url);
    assert.equal(response.statusCode, 200, url);
    assert.ok(response.body.startsWith(`/* part ${part} */`), url);
  };
  const exact = (i: number): string => `/npm/many-files@1.0.0/dist/part-${i}.js`;
  // A never-seen version is answered from memory while its files are written behind, and then loaded from disk.
  await serve(exact(0), 0);
  await until(
    async () => {
      const figures = await memoryCaches();
      return figures['held_versions']![0] === 0 && figures['versions']![0] > 0;
    },
    { message: 'the version written and loaded' },
  );
  for (let i = 0; i < FILES; i++) for (let ask = 0; ask < 2; ask++) await serve(exact(i), i);
  await serve('/npm/many-files@1/dist/part-1.js', 1);
  // A minified file and a module build: their records are counted too.
  for (const url of ['/npm/many-files@1.0.0/dist/part-2.min.js', '/npm/many-files@1.0.0/dist/part-3.js/+esm']) {
    const response = await app.inject(url);
    assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 200)}`);
  }
  const figures = await memoryCaches();
  for (const cache of ['versions', 'npm_documents', 'hot_files', 'warm_answers', 'generated_files', 'esm_builds', 'kept_builds']) {
    assert.ok(figures[cache]![0] > 0, `${cache} holds something`);
  }
  // 100 files of 60 kB are 6 MB: more than the hot files' share, which stays full and within.
  assert.ok(figures['hot_files']![0] > 4 * MB, `hot files: ${figures['hot_files']![0]}`);
  // The warm answers replay those bodies without a copy: about 1 kB each, for every file served.
  assert.ok(figures['warm_answers']![0] >= FILES * 1024 && figures['warm_answers']![0] < 2 * FILES * 1024, `warm answers: ${figures['warm_answers']![0]}`);
  for (const [cache, [bytes, budget]] of Object.entries(figures)) assert.ok(bytes <= budget, `${cache}: ${bytes} of ${budget}`);
});

test('a memory setting that is not a size is refused at start, naming the variable', () => {
  assert.throws(() => loadConfig({ SKYLIFT_MEMORY_CACHE_BYTES: 'plenty' }), /SKYLIFT_MEMORY_CACHE_BYTES must be a size/);
  assert.equal(loadConfig({ SKYLIFT_MEMORY_CACHE_BYTES: '1GB' }).limits.memoryCacheBytes, 1024 * MB);
});

/**
 * An import map generated today keeps loading: the data API's map for `react@18, react-dom@18/client, lit`
 * (fixture packages shaped like the published ones) names pinned `+esm` URLs, and every one of them answers the
 * bytes its integrity was computed from after the builder changes (the product restarted with a new build
 * generation, whose builds differ) and on the other origin of a fleet sharing the bucket, even once that origin's
 * own kept builds are wiped. The page the map describes is loaded as a browser would, through the CDN's modules.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config/config.ts';
import { buildCdnApp } from '../src/cdn/app.ts';
import { keptBuildsDir } from '../src/cdn/esm/store/pinnedStore.ts';
import { moduleLoader } from '../src/cdn/esm/testing/importBuilt.ts';
import { withoutBanner } from '../src/cdn/esm/testing/esmApp.ts';
import { testConfig } from '../src/cdn/testing/testApp.ts';
import { buildDataApp } from '../src/data/app.ts';
import { createPackageStore, type ClosablePackageStore } from '../src/packages/index.ts';
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from '../src/packages/testing/s3Server.ts';
import { startFixtureRegistry, type FixtureRegistry } from './fixtures/upstream/index.ts';

const CDN = 'http://cdn.test';
const PACKAGES = 'react@18, react-dom@18/client, lit';

interface ImportMap {
  imports: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
  integrity: Record<string, string>;
}

interface Origin {
  config: Config;
  store: ClosablePackageStore;
  cdn: FastifyInstance;
  close(): Promise<void>;
}

let registry: FixtureRegistry;
let bucket: TestBucket;
const open: Origin[] = [];

before(async () => {
  // The SDK's usual credential source; s3rver accepts these.
  Object.assign(process.env, S3RVER_CREDENTIALS);
  [registry, bucket] = await Promise.all([startFixtureRegistry(), startTestBucket()]);
});
after(async () => {
  for (const origin of open) await origin.close();
  await registry?.close();
  await bucket?.close();
});

/** A CDN origin over `config`'s data folder, its builder of build generation `generation`. */
async function startOrigin(config: Config, generation: number): Promise<Origin> {
  const store = await createPackageStore(config);
  const cdn = await buildCdnApp(config, { store, requestLog: false, esm: { generation } });
  const origin: Origin = {
    config,
    store,
    cdn,
    async close() {
      open.splice(open.indexOf(origin), 1);
      await cdn.close();
      await store.close();
    },
  };
  open.push(origin);
  return origin;
}

/** The import map the data API generates, its modules asked of `origin`. */
async function generate(origin: Origin, packages = PACKAGES): Promise<ImportMap> {
  const data = await buildDataApp(origin.config, {
    store: origin.store,
    ingestIntervalMs: false,
    cdnFetch: async (path) => {
      const answer = await origin.cdn.inject({ url: path, headers: { 'accept-encoding': 'identity' } });
      return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
    },
  });
  try {
    const res = await data.inject(`/v1/importmap?packages=${encodeURIComponent(packages)}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ importMap: ImportMap }>().importMap;
  } finally {
    await data.close();
  }
}

/** Every module of the map, as `origin` serves it, checked as the browser checks it. */
async function assertIntegrity(origin: Origin, map: ImportMap): Promise<void> {
  const urls = Object.keys(map.integrity);
  assert.ok(urls.length >= 6, urls.join(', '));
  for (const url of urls) {
    const served = await origin.cdn.inject(url.slice(CDN.length));
    assert.equal(served.statusCode, 200, url);
    assert.equal(`sha384-${crypto.createHash('sha384').update(served.rawPayload).digest('base64')}`, map.integrity[url], url);
  }
}

/** The page: react-dom's client renders a component using React's hook, lit renders a template. */
async function assertPageLoads(origin: Origin, map: ImportMap): Promise<void> {
  // No version conflicts: the map's `imports` are the modules themselves, no redirects.
  assert.equal(map.scopes, undefined);
  assert.deepEqual(Object.keys(map.imports).sort(), ['lit', 'react', 'react-dom/client']);
  const loader = await moduleLoader(origin.cdn);
  try {
    const path = (specifier: string): string => map.imports[specifier]!.slice(CDN.length);
    const react = await loader.import(path('react'));
    const client = await loader.import(path('react-dom/client'));
    const container: { rendered?: unknown } = {};
    const App = (): number => (react['useState'] as (v: number) => [number])(42)[0];
    (client['createRoot'] as (c: object) => { render(e: unknown): void })(container).render((react['createElement'] as (t: unknown) => unknown)(App));
    assert.equal(container.rendered, 42, 'one React: the hook ran on the dispatcher react-dom installed');
    const lit = await loader.import(path('lit'));
    const target = { textContent: '' };
    (lit['render'] as (v: unknown, c: object) => unknown)(
      (lit['html'] as (s: TemplateStringsArray) => unknown)(Object.assign(['<p>hi</p>'], { raw: ['<p>hi</p>'] })),
      target,
    );
    assert.equal(target.textContent, '<p>hi</p>');
    assert.ok(
      loader.fetched.every((url) => /\/\+esm\/b1(\?|$)/.test(url)),
      `the page loads pinned modules only: ${loader.fetched.join(', ')}`,
    );
  } finally {
    await loader.close();
  }
}

test('a generated map still loads with every integrity check after the builder changes and the product restarts', async () => {
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CDN_URL: CDN });
  const today = await startOrigin(config, 1);
  const map = await generate(today);
  for (const url of Object.values(map.imports)) assert.match(url, /^http:\/\/cdn\.test\/npm\/[^?]+\/\+esm\/b1$/);
  const before = (await today.cdn.inject('/npm/react@18.3.1/+esm/b1')).rawPayload;
  await today.close();

  // Upgraded: the builder makes generation 2, whose builds differ, and the process starts with an empty memory.
  const upgraded = await startOrigin(config, 2);
  await assertIntegrity(upgraded, map);
  await assertPageLoads(upgraded, map);
  assert.deepEqual((await upgraded.cdn.inject('/npm/react@18.3.1/+esm/b1')).rawPayload, before);
  // The convenient URL got the better build, whose bytes are not the pinned ones.
  const convenient = await upgraded.cdn.inject('/npm/react@18.3.1/+esm');
  assert.match(withoutBanner(convenient.body), /^export \* from "\/npm\/react@18\.3\.1\/\+esm\/b2";$/m);
  const better = await upgraded.cdn.inject('/npm/react@18.3.1/+esm/b2');
  assert.match(better.body, /\(builder generation 2\)/);
  assert.notDeepEqual(better.rawPayload, before);
  // A map generated now names the new generation.
  assert.match((await generate(upgraded, 'react@18')).imports['react']!, /\/\+esm\/b2$/);
  await upgraded.close();
});

test('a generated map still loads from the other origin of a fleet, and after that origin’s kept builds are wiped and its builder changed', async () => {
  const fleet = { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CDN_URL: CDN, ...bucket.env('fleet/') };
  const originA = await startOrigin(testConfig({}, fleet), 1);
  const map = await generate(originA);
  const configB = testConfig({}, fleet);
  let originB = await startOrigin(configB, 1);
  await assertIntegrity(originB, map);
  await assertPageLoads(originB, map);

  // Origin B loses its disk's builds and its memory, and comes back with a builder whose builds differ.
  await originB.close();
  await fs.rm(keptBuildsDir(configB), { recursive: true, force: true });
  originB = await startOrigin(configB, 2);
  await assertIntegrity(originB, map);
  await assertPageLoads(originB, map);
  assert.ok((await bucket.keys('fleet/esm-builds/')).length > 0, 'the builds are kept in the bucket');
  await originB.close();
  await originA.close();
});

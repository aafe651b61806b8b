/**
 * Fair admission of `+esm` builds through the real CDN app, package layer and fixture registry: a client
 * with as many builds running and waiting as its budget allows gets a 429 with Retry-After for the next,
 * while another client's build is still made; the default budget lets a browser fetch a package's
 * dependencies all at once, as it does when it imports a module graph.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import { createPackageStore, type ClosablePackageStore } from '../../../packages/index.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../../app.ts';
import { testConfig } from '../../testing/testApp.ts';

let registry: FixtureRegistry;
let config: Config;
let store: ClosablePackageStore;
let app: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry();
  config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CDN_URL: 'http://cdn.test' });
  store = await createPackageStore(config);
  app = await buildCdnApp(config, { store, requestLog: false, esm: { concurrency: 1, budgetPerClient: 1 } });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
});

test('a client over its budget of module builds gets 429 with Retry-After; another client is still served', async () => {
  const packages = ['mini-react@18.3.1', 'cjs-named@1.0.0', 'esm-only-lib@1.0.0'];
  // Downloaded and extracted first, so that each build request reaches the build pool at once.
  for (const spec of packages) assert.equal((await app.inject(`/npm/${spec}/package.json`)).statusCode, 200);

  const [first, second, other] = await Promise.all([
    app.inject({ url: `/npm/${packages[0]}/+esm`, remoteAddress: '192.0.2.1' }),
    app.inject({ url: `/npm/${packages[1]}/+esm`, remoteAddress: '192.0.2.1' }),
    app.inject({ url: `/npm/${packages[2]}/+esm`, remoteAddress: '192.0.2.2' }),
  ]);
  const statuses = [first.statusCode, second.statusCode].sort();
  assert.deepEqual(statuses, [200, 429], 'one build of the first client runs, the other is refused');
  const refusedAt = first.statusCode === 429 ? 0 : 1;
  const refused = refusedAt === 0 ? first : second;
  assert.match(String(refused.headers['retry-after']), /^[1-9]\d*$/);
  assert.equal(refused.headers['cache-control'], 'no-store');
  assert.match(refused.body, /^Too many ES module builds you asked for are still running or waiting; try again in \d+ s\.$/);
  assert.equal(other.statusCode, 200, 'the other client is built for');

  // Its build done, the refused client is served.
  const again = await app.inject({ url: `/npm/${packages[refusedAt]}/+esm`, remoteAddress: '192.0.2.1' });
  assert.equal(again.statusCode, 200);
});

test('each build option variant is a build of its own, counted against the budget of the client asking', async () => {
  assert.equal((await app.inject('/npm/arraykit@1.3.0/package.json')).statusCode, 200);
  const variants = ['?dev', '?target=es2020'];
  const answers = await Promise.all(variants.map((query) => app.inject({ url: `/npm/arraykit@1.3.0/+esm${query}`, remoteAddress: '192.0.2.4' })));
  assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 429], 'one variant is built, the other is refused');
  const refused = variants[answers.findIndex((a) => a.statusCode === 429)]!;
  assert.equal((await app.inject({ url: `/npm/arraykit@1.3.0/+esm${refused}`, remoteAddress: '192.0.2.4' })).statusCode, 200);
});

test('with the default budget, one client asking for a dozen builds at once (a browser importing a package and its dependencies) gets them all', async () => {
  const defaults = await buildCdnApp(config, { store, requestLog: false });
  try {
    const packages = [
      'arraykit@1.3.0',
      'colorkit@2.0.1',
      'numfmt@1.2.0',
      'interpkit@1.0.3',
      'emitterkit@1.0.0',
      'immerkit@2.2.0',
      'scalekit@1.4.0',
      'shapekit@1.1.0',
      'typed-lib@1.0.0',
      'conditions-lib@1.0.0',
      'mini-react@18.2.0',
      'mini-react@19.0.0',
    ];
    for (const spec of packages) assert.equal((await defaults.inject(`/npm/${spec}/package.json`)).statusCode, 200);
    const answers = await Promise.all(packages.map((spec) => defaults.inject({ url: `/npm/${spec}/+esm`, remoteAddress: '192.0.2.3' })));
    assert.deepEqual(
      answers.map((a, i) => `${packages[i]} ${a.statusCode}`),
      packages.map((spec) => `${spec} 200`),
    );
  } finally {
    await defaults.close();
  }
});

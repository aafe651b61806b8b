/**
 * A purge reaches the package stores of the CDN and the data API: after a new version is published, both
 * keep answering an alias with the version they resolved before, until a purge makes them resolve again.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createPackageStore, type ClosablePackageStore } from '../packages/index.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../cdn/app.ts';
import { testConfig } from '../cdn/testing/testApp.ts';
import { buildDataApp } from '../data/app.ts';
import { publishPurge } from './fanout.ts';

let registry: FixtureRegistry;
const stores: ClosablePackageStore[] = [];
let cdn: FastifyInstance;
let data: FastifyInstance;

before(async () => {
  registry = await startFixtureRegistry();
  registry.publish(
    'purge-demo',
    '1.0.0',
    { 'package.json': '{"name":"purge-demo","version":"1.0.0","main":"index.js"}', 'index.js': 'export default "1.0.0";\n' },
    { tags: ['latest'] },
  );
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_UPSTREAM_TIMEOUT_MS: '3000' });
  // Each service holds its own store, as in production; their resolutions stay fresh for an hour unless purged.
  const options = { documentTtlMs: 3_600_000, staleWhileRevalidateMs: 0 };
  stores.push(await createPackageStore(config, options), await createPackageStore(config, options));
  cdn = await buildCdnApp(config, { store: stores[0]!, requestLog: false });
  data = await buildDataApp(config, { store: stores[1]!, ingestIntervalMs: false });
});

after(async () => {
  await cdn.close();
  await data.close();
  for (const store of stores) await store.close();
  await registry.close();
});

const cdnLatest = async () => (await cdn.inject('/npm/purge-demo@latest/index.js')).body;
const dataLatest = async () => (await data.inject('/v1/packages/npm/purge-demo/resolved?specifier=latest')).json().version as string;

test('an alias answered from cache until a purge, then the new version, on both services', async () => {
  assert.equal(await cdnLatest(), 'export default "1.0.0";\n');
  assert.equal(await dataLatest(), '1.0.0');

  registry.publish(
    'purge-demo',
    '1.1.0',
    { 'package.json': '{"name":"purge-demo","version":"1.1.0","main":"index.js"}', 'index.js': 'export default "1.1.0";\n' },
    { tags: ['latest'] },
  );
  assert.equal(await cdnLatest(), 'export default "1.0.0";\n', 'the resolution is cached');
  assert.equal(await dataLatest(), '1.0.0');

  assert.equal(await publishPurge([{ type: 'npm', name: 'purge-demo' }]), 2, 'both stores forgot the package');
  assert.equal(await cdnLatest(), 'export default "1.1.0";\n');
  assert.equal(await dataLatest(), '1.1.0');
});

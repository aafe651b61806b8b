/**
 * Package stores of a fleet (two instances' stores over one Redis, each with its own folder and its own
 * documents): an alias is answered alike by both, and a purge made through one makes the other's older
 * documents stale even where no purge message reached it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openSharedState } from '../fleetState/index.ts';
import { RedisState } from '../fleetState/redisState.ts';
import { startTestRedis, type TestRedis } from '../fleetState/testing/redisServer.ts';
import { createPackageStore, type ClosablePackageStore } from './index.ts';
import { startHarness, type Harness } from './testing/storeHarness.ts';
import { readStoredText } from './storedFile.ts';

const npm = (name: string) => ({ type: 'npm' as const, name });
const files = (name: string, version: string) => ({
  'package.json': JSON.stringify({ name, version, main: 'index.js' }),
  'index.js': `export default ${JSON.stringify(version)};\n`,
});
// Documents fresh for an hour: only the shared state can make an instance change its answer in a test.
const LONG = { documentTtlMs: 3_600_000, staleWhileRevalidateMs: 0 };

describe('package stores over one Redis', () => {
  let redis: TestRedis;
  let states: RedisState[];
  let h: Harness;
  let otherDir: string;
  let a: ClosablePackageStore;
  let b: ClosablePackageStore;

  before(async () => {
    redis = await startTestRedis();
    states = [await RedisState.open(redis.url), await RedisState.open(redis.url)];
    h = await startHarness({ store: { ...LONG, sharedState: states[0] } });
    a = h.store;
    otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-store-'));
    b = await createPackageStore({ ...h.config, dataDir: otherDir }, { ...LONG, sharedState: states[1] });
  });
  after(async () => {
    await b.close();
    await h.close();
    await fs.rm(otherDir, { recursive: true, force: true });
    await Promise.all(states.map((state) => state.close()));
    await redis.stop();
  });

  it("answers an alias with the version the first instance resolved, though the other's document says newer", async () => {
    h.registry.publish('fleet-lib', '1.0.0', files('fleet-lib', '1.0.0'), { tags: ['latest'] });
    assert.equal((await a.resolve(npm('fleet-lib'), 'latest')).version, '1.0.0');
    h.registry.publish('fleet-lib', '1.1.0', files('fleet-lib', '1.1.0'), { tags: ['latest'] });
    assert.deepEqual(await b.resolve(npm('fleet-lib'), 'latest'), {
      type: 'npm',
      name: 'fleet-lib',
      requested: 'latest',
      version: '1.0.0',
      kind: 'alias',
      stale: false,
    });
    assert.equal((await b.versions(npm('fleet-lib'))).tags['latest'], '1.1.0', "b's own document already knew 1.1.0");
  });

  it('after a purge through one instance, the other resolves from a document fetched since the purge', async () => {
    h.registry.publish('fleet-purge', '1.0.0', files('fleet-purge', '1.0.0'), { tags: ['latest'] });
    assert.equal((await b.resolve(npm('fleet-purge'), 'latest')).version, '1.0.0', 'b holds a document saying 1.0.0');
    h.registry.publish('fleet-purge', '1.1.0', files('fleet-purge', '1.1.0'), { tags: ['latest'] });
    const fetched = h.registry.requestCount('/fleet-purge');
    await a.expire(npm('fleet-purge'));
    // No message reached b: a range it never resolved is answered from a document refetched because of the purge.
    assert.equal((await b.resolve(npm('fleet-purge'), '^1.0.0')).version, '1.1.0');
    assert.ok(h.registry.requestCount('/fleet-purge') > fetched, 'b asked the registry again');
    assert.equal((await a.resolve(npm('fleet-purge'), 'latest')).version, '1.1.0');
    // Without a purge, b keeps its hour-long document: a new range is answered from it.
    h.registry.publish('fleet-purge', '1.2.0', files('fleet-purge', '1.2.0'), { tags: ['latest'] });
    assert.equal((await b.resolve(npm('fleet-purge'), '1')).version, '1.1.0');
  });

  it('keeps answering while Redis is away: aliases, new downloads and purges, each failure counted', async () => {
    const failures: string[] = [];
    const state = await openSharedState(redis.url, (operation) => failures.push(operation));
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-outage-'));
    const store = await createPackageStore({ ...h.config, dataDir: dir }, { ...LONG, sharedState: state });
    h.registry.publish('fleet-outage', '1.0.0', files('fleet-outage', '1.0.0'), { tags: ['latest'] });
    await redis.kill();
    assert.equal((await store.resolve(npm('fleet-outage'), 'latest')).version, '1.0.0');
    const file = await store.file(npm('fleet-outage'), '1.0.0', '/index.js');
    assert.equal(await readStoredText(file!), 'export default "1.0.0";\n');
    h.registry.publish('fleet-outage', '1.1.0', files('fleet-outage', '1.1.0'), { tags: ['latest'] });
    await store.expire(npm('fleet-outage'));
    assert.equal((await store.resolve(npm('fleet-outage'), 'latest')).version, '1.1.0', 'a purge still reaches this store');
    for (const operation of ['alias', 'claimAlias', 'tryLock', 'purgeScope']) assert.ok(failures.includes(operation), operation);
    await store.close();
    await state.close();
    await fs.rm(dir, { recursive: true, force: true });
    await redis.start();
  });
});

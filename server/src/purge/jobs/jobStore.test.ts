/** The job store on both engines: throttling is decided atomically per path, jobs round-trip, old ones go. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { RedisState } from '../../fleetState/redisState.ts';
import { startTestRedis, type TestRedis } from '../../fleetState/testing/redisServer.ts';
import { startPostgresCluster, type PostgresCluster } from '../../stats/testing/postgresCluster.ts';
import { until } from '../../testing/until.ts';
import { parsePurgePaths } from '../paths.ts';
import { openJobStore } from './jobStore.ts';
import type { JobStore } from './purgeJob.ts';
import { SharedJobStore } from './sharedJobStore.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

let cluster: PostgresCluster | undefined;
let redis: TestRedis | undefined;
after(async () => {
  await cluster?.stop();
  await redis?.stop();
});

for (const engine of ['sqlite', 'postgres'] as const) {
  test(`${engine}: a path purged again within the window is throttled, even by concurrent requests`, async () => {
    let store: JobStore;
    if (engine === 'postgres') {
      cluster ??= await startPostgresCluster();
      store = await openJobStore({ dataDir: '', storage: { postgresUrl: cluster.url, redisUrl: undefined } });
    } else {
      store = await openJobStore({ dataDir: temporaryFolder('purge-store'), storage: { postgresUrl: undefined, redisUrl: undefined } });
    }
    const now = Date.now();
    const paths = parsePurgePaths(['/npm/a@1/x.js', '/gh/u/r@main/y.js']);
    const [first, second] = await Promise.all([store.create(paths, now, 60_000), store.create(paths.slice(0, 1), now + 1, 60_000)]);
    const throttledFlags = [...first!.paths, ...second!.paths].filter((p) => p.path === '/npm/a@1/x.js').map((p) => p.throttled);
    assert.deepEqual(throttledFlags.sort(), [false, true], 'exactly one of two racing purges of a path goes through');

    const later = await store.create(paths.slice(0, 1), now + 61_000, 60_000);
    assert.equal(later.paths[0]!.throttled, false, 'after the window the path can be purged again');

    const loaded = await store.get(first!.id);
    assert.equal(loaded?.status, 'pending');
    assert.deepEqual(
      loaded?.paths.map((p) => p.path),
      ['/npm/a@1/x.js', '/gh/u/r@main/y.js'],
    );
    assert.ok((await store.pending()).some((job) => job.id === first!.id));
    await store.finish(first!.id, { '/npm/a@1/x.js': { throttled: false, providers: { CF: true }, origin: 'dropped' } });
    assert.equal((await store.get(first!.id))?.status, 'finished');
    assert.equal(await store.get('00000000-0000-4000-8000-000000000000'), null);

    // A week later the job is forgotten.
    await store.create(parsePurgePaths(['/npm/z@1/z.js']), now + 8 * 24 * 3600_000, 60_000);
    assert.equal(await store.get(first!.id), null);
    await store.close();
  });
}

test('redis: two purge instances share jobs and throttles; a racing path goes through once; jobs are forgotten after their time', async () => {
  redis ??= await startTestRedis();
  const [stateA, stateB] = [await RedisState.open(redis.url), await RedisState.open(redis.url)];
  const config = { dataDir: '', storage: { postgresUrl: undefined, redisUrl: redis.url } };
  const a = await openJobStore(config, stateA);
  const b = await openJobStore(config, stateB);
  assert.ok(a instanceof SharedJobStore, 'Redis without PostgreSQL keeps the jobs');
  const now = Date.now();
  const paths = parsePurgePaths(['/npm/a@1/x.js', '/gh/u/r@main/y.js']);
  const [first, second] = await Promise.all([a.create(paths, now, 60_000), b.create(paths.slice(0, 1), now + 1, 60_000)]);
  const throttledFlags = [...first.paths, ...second.paths].filter((p) => p.path === '/npm/a@1/x.js').map((p) => p.throttled);
  assert.deepEqual(throttledFlags.sort(), [false, true], 'exactly one of two racing purges of a path goes through');
  assert.equal((await b.create(paths.slice(0, 1), now + 61_000, 60_000)).paths[0]!.throttled, false, 'after the window the path can be purged again');

  assert.deepEqual(
    (await b.get(first.id))?.paths.map((p) => p.path),
    ['/npm/a@1/x.js', '/gh/u/r@main/y.js'],
  );
  assert.ok(
    (await b.pending()).some((job) => job.id === first.id),
    'a job created by one instance is resumed by another',
  );
  await b.finish(first.id, { '/npm/a@1/x.js': { throttled: false, providers: { CF: true }, origin: 'dropped' } });
  assert.equal((await a.get(first.id))?.status, 'finished');
  assert.ok(!(await a.pending()).some((job) => job.id === first.id));
  assert.equal(await a.get('00000000-0000-4000-8000-000000000000'), null);

  const brief = new SharedJobStore(stateA, 100);
  const job = await brief.create(parsePurgePaths(['/npm/z@1/z.js']), Date.now(), 60_000);
  assert.ok(await b.get(job.id));
  await until(async () => (await b.get(job.id)) === null, { message: 'the job forgotten after its time (100 ms)', timeoutMs: 5_000, intervalMs: 20 });
  assert.ok(!(await b.pending()).some((pending) => pending.id === job.id));
  await Promise.all([a.close(), b.close(), stateA.close(), stateB.close()]);
});

/**
 * One contract, three engines: the same suite runs on the memory state (one process), on SQLite (the
 * processes of one machine, here two connections to one file) and on Redis (a fleet, here two connections
 * standing for two instances). What only several processes have (a lock outliving a dead holder, Redis going
 * away, processes racing for one key) is tested below.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { usedChallengesIn } from '../purge/captcha/verifier.ts';
import { acquireSharedState, MemoryState, openSharedState, SqliteState, type SharedState } from './index.ts';
import { RedisState } from './redisState.ts';
import { until } from '../testing/until.ts';
import { startTestRedis, type TestRedis } from './testing/redisServer.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
let redis: TestRedis;
let namespace = 0;
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-state-'));
const sqliteFile = (): string => path.join(sqliteDir, `state-${++namespace}.sqlite`);

before(async () => {
  redis = await startTestRedis();
});
after(async () => {
  await redis.stop();
  fs.rmSync(sqliteDir, { recursive: true, force: true });
});

/**
 * Two instances' views of one shared state. `passTime` moves the clock the memory and SQLite states are given;
 * Redis keeps time by its own server's clock, so there an expiry is waited for as a condition (`lapsed`).
 */
type Pair = () => Promise<{ a: SharedState; b: SharedState; passTime(ms: number): void; close(): Promise<void> }>;

/** A clock that moves only when told. */
function testClock(): { now: () => number; passTime(ms: number): void } {
  let now = Date.now();
  return { now: () => now, passTime: (ms) => void (now += ms) };
}

const engines: Array<[string, Pair]> = [
  [
    'memory',
    async () => {
      const clock = testClock();
      const state = new MemoryState(clock.now);
      return { a: state, b: state, passTime: clock.passTime, close: () => state.close() };
    },
  ],
  [
    'sqlite',
    async () => {
      const file = sqliteFile();
      const clock = testClock();
      const a = new SqliteState(file, { now: clock.now });
      const b = new SqliteState(file, { now: clock.now });
      return { a, b, passTime: clock.passTime, close: async () => void (await Promise.all([a.close(), b.close()])) };
    },
  ],
  [
    'redis',
    async () => {
      const a = await RedisState.open(redis.url);
      const b = await RedisState.open(redis.url);
      return { a, b, passTime: () => undefined, close: async () => void (await Promise.all([a.close(), b.close()])) };
    },
  ],
];

/** Waits until `probe` holds: at once on an injected clock that has passed the expiry, on Redis once its server's has. */
const lapsed = (probe: () => Promise<boolean>, what: string): Promise<boolean> => until(probe, { message: what, timeoutMs: 5_000, intervalMs: 10 });

for (const [engine, pair] of engines) {
  describe(`shared state contract (${engine})`, () => {
    // Every test gets names of its own: the Redis server is shared by the suite.
    const scope = (): string => `npm:pkg-${engine}-${++namespace}`;

    test('the first instance to resolve an alias decides what it stands for, for its lifetime', async () => {
      const { a, b, close } = await pair();
      const s = scope();
      assert.equal(await a.alias(s, 'latest'), null);
      const first = await a.claimAlias(s, 'latest', { version: '1.0.0', kind: 'alias' }, 60_000);
      const second = await b.claimAlias(s, 'latest', { version: '1.1.0', kind: 'alias' }, 60_000);
      assert.equal(first.version, '1.0.0');
      assert.equal(second.version, '1.0.0', "the second instance answers the first one's version");
      assert.deepEqual(await b.alias(s, 'latest'), first);
      assert.ok(first.expiresAt > Date.now() + 50_000 && first.expiresAt < Date.now() + 70_000);
      assert.equal(await b.alias(s, '^1'), null, 'another alias of the package is its own');
      await close();
    });

    test('an alias past its lifetime is resolved again', async () => {
      const { a, b, passTime, close } = await pair();
      const s = scope();
      await a.claimAlias(s, '^1', { version: '1.0.0', kind: 'alias' }, 80);
      assert.equal((await b.alias(s, '^1'))?.version, '1.0.0', 'alive within its lifetime');
      passTime(81);
      await lapsed(async () => (await b.alias(s, '^1')) === null, 'the alias to expire');
      assert.equal((await b.claimAlias(s, '^1', { version: '1.1.0', kind: 'alias' }, 60_000)).version, '1.1.0');
      await close();
    });

    test('a purge forgets every alias of its package only, and records when its documents went stale', async () => {
      const { a, b, close } = await pair();
      const [s, other] = [scope(), scope()];
      await a.claimAlias(s, 'latest', { version: '1.0.0', kind: 'alias' }, 60_000);
      await a.claimAlias(s, 'main', { version: 'main', kind: 'branch' }, 60_000);
      await a.claimAlias(other, 'latest', { version: '2.0.0', kind: 'alias' }, 60_000);
      assert.equal(await b.purgedAt(s), null);
      await b.purgeScope(s, 1_700_000_000_000);
      assert.equal(await a.alias(s, 'latest'), null);
      assert.equal(await a.alias(s, 'main'), null);
      assert.equal((await a.alias(other, 'latest'))?.version, '2.0.0');
      assert.equal(await a.purgedAt(s), 1_700_000_000_000);
      await b.purgeScope(s, 1_600_000_000_000);
      assert.equal(await a.purgedAt(s), 1_700_000_000_000, 'an older purge does not move the time back');
      await close();
    });

    test('a lock has one holder at a time; a waiter goes on once it is released', async () => {
      const { a, b, close } = await pair();
      const name = `download:${scope()}`;
      const held = await a.tryLock(name, 5_000);
      assert.ok(held);
      assert.equal(await b.tryLock(name, 5_000), null);
      let waited = false;
      const waiting = b.waitForUnlock(name).then(() => (waited = true));
      // What must not happen: the waiter going on while the lock is held. A little over one look at the lock (every 50 ms).
      await sleep(60);
      assert.equal(waited, false, 'still held');
      await held.release();
      await waiting;
      const next = await b.tryLock(name, 5_000);
      assert.ok(next, 'free again after release');
      await next.release();
      await close();
    });

    test("the purge rate limit counts a client's requests across instances, in a sliding window", async () => {
      const { a, b, passTime, close } = await pair();
      const bucket = `purge-${scope()}`;
      assert.equal((await a.takeRate(bucket, '192.0.2.1', 2, 60_000)).allowed, true);
      assert.equal((await b.takeRate(bucket, '192.0.2.1', 2, 60_000)).allowed, true);
      const refused = await a.takeRate(bucket, '192.0.2.1', 2, 60_000);
      assert.equal(refused.allowed, false);
      assert.ok(refused.retryAfterSeconds >= 59 && refused.retryAfterSeconds <= 60, String(refused.retryAfterSeconds));
      assert.equal((await b.takeRate(bucket, '192.0.2.2', 2, 60_000)).allowed, true, 'another client has its own window');
      const short = `short-${scope()}`;
      assert.equal((await a.takeRate(short, 'c', 1, 100)).allowed, true);
      assert.equal((await b.takeRate(short, 'c', 1, 100)).allowed, false);
      passTime(101);
      // A refused request is not counted, so asking until one is let through counts only that one.
      await lapsed(async () => (await b.takeRate(short, 'c', 1, 100)).allowed, 'the window to slide');
      await close();
    });

    test('a path purged again too soon is throttled, whichever instance is asked', async () => {
      const { a, b, close } = await pair();
      const key = `/npm/${scope()}@latest/x.js`;
      const now = Date.now();
      const racing = await Promise.all([a.passThrottle(key, now, 60_000), b.passThrottle(key, now + 1, 60_000)]);
      assert.deepEqual(racing.sort(), [false, true], 'one of two racing instances passes');
      assert.equal(await b.passThrottle(key, now + 30_000, 60_000), false);
      assert.equal(await b.passThrottle(`${key}.map`, now, 60_000), true);
      assert.equal(await a.passThrottle(key, now + 61_000, 60_000), true, 'passes again once the throttle ran out');
      assert.equal(await b.passThrottle(key, now + 62_000, 60_000), false, 'and the throttle starts again');
      await close();
    });

    test('records and sets written by one instance are read by the other', async () => {
      const { a, b, passTime, close } = await pair();
      const key = `job:${scope()}`;
      assert.equal(await b.getRecord(key), null);
      await a.setRecord(key, '{"status":"pending"}', 60_000);
      assert.equal(await b.getRecord(key), '{"status":"pending"}');
      await b.setRecord(key, '{"status":"finished"}', 0);
      assert.equal(await a.getRecord(key), '{"status":"finished"}');
      await a.setRecord(`${key}:brief`, 'x', 80);
      assert.equal(await b.getRecord(`${key}:brief`), 'x', 'kept within its lifetime');
      passTime(81);
      await lapsed(async () => (await b.getRecord(`${key}:brief`)) === null, 'the record to be gone after its lifetime');
      const set = `pending:${scope()}`;
      await a.addMember(set, 'one');
      await b.addMember(set, 'two');
      await a.removeMember(set, 'one');
      assert.deepEqual(await b.members(set), ['two']);
      await close();
    });

    // On one machine the launcher relays purges between processes: the SQLite state delivers in its own process (sqliteState.ts).
    test('a message reaches the subscribers of every instance', { skip: engine === 'sqlite' && 'delivered in the process only' }, async () => {
      const { a, b, close } = await pair();
      const channel = `purge-${scope()}`;
      const heard: string[] = [];
      const stopA = await a.subscribe(channel, (message) => heard.push(`a:${message}`));
      const stopB = await b.subscribe(channel, (message) => heard.push(`b:${message}`));
      assert.equal(await a.publish(channel, 'hello'), 2);
      await until(() => heard.length === 2, { message: 'both subscribers to hear the message' });
      assert.deepEqual(heard.sort(), ['a:hello', 'b:hello']);
      await stopA();
      assert.equal(await b.publish(channel, 'again'), 1);
      await stopB();
      await close();
    });
  });
}

describe('shared state in SQLite, between the processes of one machine', () => {
  test('two connections to one file share a rate limit, and a used challenge is accepted once', async () => {
    const file = sqliteFile();
    const one = new SqliteState(file);
    const other = new SqliteState(file);
    const taken = [];
    for (const state of [one, other, one, other]) taken.push((await state.takeRate('purge', '198.51.100.7', 3, 60_000)).allowed);
    assert.deepEqual(taken, [true, true, true, false], 'three a minute in all, not three per process');
    const [markHere, markThere] = [usedChallengesIn(one), usedChallengesIn(other)];
    assert.equal(await markHere('challenge-1', 600_000), true);
    assert.equal(await markThere('challenge-1', 600_000), false, 'spent through the other process');
    assert.equal(await markHere('challenge-1', 600_000), false);
    assert.equal(await markThere('challenge-2', 600_000), true);
    await Promise.all([one.close(), other.close()]);
    const reopened = new SqliteState(file);
    assert.equal(await usedChallengesIn(reopened)('challenge-1', 600_000), false, 'a replacement process still knows it');
    await reopened.close();
  });

  test('processes racing for the same keys: each throttle passes once, the rate admits exactly its limit', async () => {
    const file = sqliteFile();
    new SqliteState(file).close(); // the schema, before the race
    const keys = 3000;
    const script = path.join(import.meta.dirname, 'testing', 'racingProcess.ts');
    // Each process says when its state is open; all are told to go at once, however long each took to load.
    const racers = [0, 1, 2].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', script, file, String(keys)], { stdio: ['pipe', 'pipe', 'inherit'], timeout: 60_000 });
      let output = '';
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.startsWith('ready\n')) resolve();
        });
        void exited.then((code) => reject(new Error(`a racing process ended (${code}) before it was ready: ${output}`)));
      });
      const result = exited.then((code) => {
        assert.equal(code, 0, `a racing process failed: ${output}`);
        return JSON.parse(output.slice('ready\n'.length)) as { passed: number; admitted: number; failures: string[] };
      });
      return { child, ready, result };
    });
    await Promise.all(racers.map((racer) => racer.ready));
    for (const racer of racers) racer.child.stdin.end('go\n');
    const results = await Promise.all(racers.map((racer) => racer.result));
    assert.deepEqual(
      results.flatMap((result) => result.failures),
      [],
      'no call failed (a busy file waits instead)',
    );
    assert.ok(results.filter((result) => result.admitted > 0).length >= 2, `they did race: ${JSON.stringify(results)}`);
    assert.equal(
      results.reduce((sum, result) => sum + result.passed, 0),
      keys,
      'every key passed once in all',
    );
    assert.equal(
      results.reduce((sum, result) => sum + result.admitted, 0),
      keys,
      'the rate admitted its limit in all',
    );
  });

  test("a message reaches this process's subscribers", async () => {
    const state = new SqliteState(sqliteFile());
    const heard: string[] = [];
    const stop = await state.subscribe('purge', (message) => heard.push(message));
    assert.equal(await state.publish('purge', 'hello'), 1);
    await until(() => heard.length > 0, { message: 'the subscriber to hear the message' });
    assert.deepEqual(heard, ['hello']);
    await stop();
    assert.equal(await state.publish('purge', 'again'), 0);
    await state.close();
  });

  test('a lock whose holder died lapses after its lifetime; expired rows are swept as writes go on', async () => {
    const file = sqliteFile();
    let now = 1_000_000;
    const holder = new SqliteState(file, { now: () => now });
    const other = new SqliteState(file, { now: () => now });
    assert.ok(await holder.tryLock('download:x', 300));
    await holder.close(); // gone without releasing: its renewals stopped
    assert.equal(await other.tryLock('download:x', 300), null, 'still held within its lifetime');
    now += 301;
    const taken = await other.tryLock('download:x', 300);
    assert.ok(taken, 'lapsed');
    await taken.release();
    for (let i = 0; i < 1000; i++) await other.claimAlias(`npm:swept-${i}`, 'latest', { version: '1.0.0', kind: 'alias' }, 1000);
    now += 2000;
    for (let i = 0; i < 400; i++) await other.claimAlias(`npm:live-${i}`, 'latest', { version: '1.0.0', kind: 'alias' }, 60_000);
    const db = new (await import('better-sqlite3')).default(file, { readonly: true });
    const { count } = db.prepare('SELECT count(*) AS count FROM aliases').get() as { count: number };
    db.close();
    assert.equal(count, 400, 'the 1,000 expired aliases were swept while 400 live ones were written');
    await other.close();
  });
});

describe('shared state in Redis, past one instance', () => {
  test('a lock whose holder died lapses after its lifetime, and one held by a live holder does not', async () => {
    const holder = await RedisState.open(redis.url);
    const liveHolder = await RedisState.open(redis.url);
    const other = await RedisState.open(redis.url);
    const name = `download:lapse-${++namespace}`;
    const live = await liveHolder.tryLock(`${name}-live`, 300);
    assert.ok(live);
    assert.ok(await holder.tryLock(name, 300));
    await holder.close(); // the holder is gone without releasing: no more renewals
    const started = Date.now();
    await other.waitForUnlock(name);
    const waited = Date.now() - started;
    assert.ok(waited >= 150 && waited < 1_500, `lapsed after ${waited} ms`);
    assert.ok(await other.tryLock(name, 300));
    // The live holder's lock outlives its 300 ms: its key's lifetime is seen to go back up four times (renewed
    // every 100 ms, so past 300 ms in all), and the key is there at every look.
    const watcher = new Redis(redis.url);
    let [renewals, lastTtl] = [0, Number.POSITIVE_INFINITY];
    await until(
      async () => {
        const ttl = await watcher.pttl(`skylift:lock:${name}-live`);
        assert.ok(ttl > 0, `the live holder's lock lapsed after ${renewals} renewals`);
        if (ttl > lastTtl) renewals++;
        lastTtl = ttl;
        return renewals >= 4;
      },
      { message: "the live holder's lock to be renewed four times", timeoutMs: 5_000, intervalMs: 10 },
    );
    watcher.disconnect();
    assert.equal(await other.tryLock(`${name}-live`, 300), null, 'renewed while its holder lives');
    await live.release();
    assert.ok(await other.tryLock(`${name}-live`, 300), 'free once released');
    await Promise.all([liveHolder.close(), other.close()]);
  });

  test('while Redis is away, calls are answered by this process and counted; they reach Redis again once it is back', async () => {
    const metrics = new Registry();
    const logged: string[] = [];
    const handle = await acquireSharedState(
      { storage: { redisUrl: redis.url, postgresUrl: undefined } },
      { metrics, log: (_error, operation) => logged.push(operation) },
    );
    const state = handle.state;
    const s = `npm:outage-${++namespace}`;
    assert.equal((await state.claimAlias(s, 'latest', { version: '1.0.0', kind: 'alias' }, 60_000)).version, '1.0.0');
    await redis.kill();
    const during = await state.claimAlias(`${s}-b`, 'latest', { version: '2.0.0', kind: 'alias' }, 60_000);
    assert.equal(during.version, '2.0.0', 'answered by this process');
    assert.equal((await state.alias(`${s}-b`, 'latest'))?.version, '2.0.0', 'and remembered by it');
    assert.equal((await state.takeRate('purge', 'client', 1, 60_000)).allowed, true);
    assert.equal(await state.passThrottle('/npm/x@1', Date.now(), 60_000), true);
    const lock = await state.tryLock('download:outage', 1_000);
    assert.ok(lock, 'a download goes on without Redis');
    await lock.release();
    const heard: string[] = [];
    const unsubscribe = await state.subscribe('outage-channel', (message) => heard.push(message));
    const text = await metrics.metrics();
    assert.match(text, /shared_state_failures_total\{operation="claimAlias"\} 1/);
    assert.match(text, /shared_state_failures_total\{operation="alias"\} 1/);
    assert.match(text, /shared_state_failures_total\{operation="tryLock"\} 1/);
    await state.claimAlias(`${s}-e`, 'latest', { version: '5.0.0', kind: 'alias' }, 60_000);
    assert.match(await metrics.metrics(), /shared_state_failures_total\{operation="claimAlias"\} 2/, 'every failure counted');
    assert.equal(logged.filter((operation) => operation === 'claimAlias').length, 1, 'logged once per operation while it keeps failing');
    await redis.start();
    await until(
      () =>
        RedisState.open(redis.url).then(async (probe) => {
          const ok = (await probe.claimAlias(s, 'probe', { version: '1', kind: 'alias' }, 1000).catch(() => null)) !== null;
          await probe.close();
          return ok;
        }),
      { message: 'Redis to answer again', timeoutMs: 6_000, intervalMs: 100 },
    );
    const other = await RedisState.open(redis.url);
    // The state's own connection comes back when ioredis reconnects: written to Redis again from then on.
    await until(
      async () => {
        await state.claimAlias(`${s}-d`, 'latest', { version: '4.0.0', kind: 'alias' }, 60_000);
        return (await other.alias(`${s}-d`, 'latest'))?.version === '4.0.0';
      },
      { message: 'an alias written to Redis again', timeoutMs: 6_000, intervalMs: 100 },
    );
    await until(
      async () => {
        await other.publish('outage-channel', 'after');
        return heard.length > 0;
      },
      { message: 'a subscription made while Redis was away to take effect once it is back', timeoutMs: 6_000, intervalMs: 100 },
    );
    assert.equal(heard[0], 'after');
    await unsubscribe();
    await other.close();
    await handle.release();
  });

  test("without a Redis address the state is this process's memory", async () => {
    const state = await openSharedState(undefined, () => assert.fail('memory does not fail'));
    assert.equal(state.kind, 'memory');
    await state.close();
  });

  test("without Redis, a launcher's process keeps the state in the data folder's SQLite file; one alone in memory", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-state-acquire-'));
    const sqlite = await acquireSharedState({ dataDir, storage: { redisUrl: undefined, postgresUrl: undefined, localState: 'sqlite' } });
    const again = await acquireSharedState({ dataDir, storage: { redisUrl: undefined, postgresUrl: undefined, localState: 'sqlite' } });
    assert.equal(sqlite.state.kind, 'sqlite');
    assert.equal(again.state, sqlite.state, 'one connection per process');
    assert.ok(fs.existsSync(path.join(dataDir, 'shared-state.sqlite')));
    await Promise.all([sqlite.release(), again.release()]);
    const memory = await acquireSharedState({ dataDir, storage: { redisUrl: undefined, postgresUrl: undefined } });
    assert.equal(memory.state.kind, 'memory');
    await memory.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a shared state file that cannot be opened leaves the process its memory, and says so', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-state-broken-'));
    fs.writeFileSync(path.join(dataDir, 'shared-state.sqlite'), 'not a database, whatever the name says'.repeat(100));
    const metrics = new Registry();
    const logged: string[] = [];
    const handle = await acquireSharedState(
      { dataDir, storage: { redisUrl: undefined, postgresUrl: undefined, localState: 'sqlite' } },
      { metrics, log: (_error, operation) => logged.push(operation) },
    );
    assert.equal(handle.state.kind, 'memory');
    assert.equal((await handle.state.takeRate('purge', 'client', 1, 60_000)).allowed, true, 'still answers');
    assert.deepEqual(logged, ['open']);
    assert.match(await metrics.metrics(), /shared_state_failures_total\{operation="open"\} 1/);
    await handle.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

/**
 * Under the launcher only the data service's leader ingests; a follower must still show a new CDN request in
 * its cached statistics within moments, not when its cache expires (30 s for the months with data). The
 * leader is paused (SIGSTOP) whenever the follower is asked, so that the kernel hands the follower the
 * connection: the processes share one listening socket and only a running one accepts. With Redis, the days
 * reach the data processes of other machines too.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startFixtureRegistry, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import { serviceProcessesOf } from '../launcher/testing/processes.ts';
import { RedisState } from '../fleetState/redisState.ts';
import { startTestRedis } from '../fleetState/testing/redisServer.ts';
import { freePort } from '../testing/freePort.ts';
import { until } from '../testing/until.ts';
import { shareIngestedDays } from './ingestNotices.ts';

let registry: FixtureRegistry;
let launcher: ChildProcess;
let output = '';
const urls: Record<string, string> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-notices-'));
let paused: number | null = null;

before(async () => {
  registry = await startFixtureRegistry();
  registry.publish('notice-demo', '1.0.0', { 'package.json': '{"name":"notice-demo","version":"1.0.0"}', 'index.js': 'export default 1;\n' });
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_LOG_LEVEL: 'warn',
    SKYLIFT_CDN_WORKERS: '1',
    SKYLIFT_DATA_PROCESSES: '2',
    // The leader folds the log every 2 s by default: sooner here, so that the test waits less for what it checks.
    SKYLIFT_INGEST_INTERVAL_MS: '200',
  };
  for (const service of ['cdn', 'data']) {
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    env[`SKYLIFT_${service.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
    urls[service] = `http://127.0.0.1:${port}`;
  }
  launcher = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts'), '--services', 'cdn,data'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    launcher.stdout!.on('data', () => {
      if (/cdn +http\S+ \(1 process\)/.test(output) && /data +http\S+ \(2 processes\)/.test(output)) resolve();
    });
    launcher.on('exit', () => reject(new Error(`the launcher stopped:\n${output}`)));
  });
});

after(async () => {
  if (paused !== null) process.kill(paused, 'SIGCONT');
  if (launcher.exitCode === null && launcher.signalCode === null) {
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    await exited;
  }
  await registry.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const dataProcess = (slot: number): number => serviceProcessesOf(launcher.pid!).find((p) => p.service === 'data' && p.slot === slot)!.pid;

/** Whether the follower's periods list says this month has browser figures: true once it knows a request was counted. */
async function followerKnowsClients(): Promise<boolean> {
  const leader = dataProcess(0);
  process.kill(leader, 'SIGSTOP');
  paused = leader;
  try {
    const response = await fetch(`${urls['data']}/v1/stats/periods`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5000) });
    assert.equal(response.status, 200);
    const periods = (await response.json()) as Array<{ period: string; links: Record<string, string> }>;
    const month = new Date().toISOString().slice(0, 7);
    return 'browsers' in (periods.find((p) => p.period === month)?.links ?? {});
  } finally {
    process.kill(leader, 'SIGCONT');
    paused = null;
  }
}

test("a CDN request counted by the data leader shows in the follower's cached statistics within seconds", async (t) => {
  assert.equal(await followerKnowsClients(), false, 'nothing counted yet; the follower has read (and cached) its months');
  const requested = performance.now();
  const cdn = await fetch(`${urls['cdn']}/npm/notice-demo@1.0.0/index.js`, {
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' },
  });
  assert.equal(cdn.status, 200);
  // The follower's months would otherwise be trusted for 30 s.
  await until(followerKnowsClients, { message: () => `the follower to drop its cached months\n${output}`, timeoutMs: 8_000, intervalMs: 25 });
  const took = performance.now() - requested;
  t.diagnostic(`the follower showed the request ${took.toFixed(0)} ms after it was answered`);
});

test('with Redis, the days reach the data processes of other machines, and not their sender', async () => {
  const redis = await startTestRedis();
  const states = await Promise.all([RedisState.open(redis.url), RedisState.open(redis.url)]);
  const heard: string[][] = [[], []];
  const notices = await Promise.all(
    states.map((state, i) =>
      shareIngestedDays(
        state,
        (days) => heard[i]!.push(...days),
        (error) => assert.fail(String(error)),
      ),
    ),
  );
  try {
    // Redis hands a subscriber the messages in the order they were published: once a process has heard a
    // later announcement, it would already have heard its own earlier one.
    notices[0]!.announce(['2026-01-02', 'not a day', '2026-01-03']);
    await until(() => heard[1]!.length > 0, { message: 'the other process to hear the days', timeoutMs: 5_000 });
    notices[1]!.announce(['2026-01-04']);
    await until(() => heard[0]!.length > 0, { message: 'the first process to hear the answer', timeoutMs: 5_000 });
    notices[0]!.announce(['2026-01-05']);
    await until(() => heard[1]!.length > 2, { message: 'the other process to hear the last days', timeoutMs: 5_000 });
    assert.deepEqual(heard, [['2026-01-04'], ['2026-01-02', '2026-01-03', '2026-01-05']]);
  } finally {
    await Promise.all(notices.map((notice) => notice.close()));
    await Promise.all(states.map((state) => state.close()));
    await redis.stop();
  }
});

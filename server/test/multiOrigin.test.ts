/**
 * A fleet on loopback: two CDN origins (each with its purge service) and two data API instances, every one
 * a process of its own started as an operator would (`server/src/main.ts`), over one Redis, one PostgreSQL
 * and one shared file cache folder, in front of the fixture registry. What a user of the fleet must not be
 * able to tell: which origin answered. One download per version for the whole fleet; one version per alias;
 * a purge through either instance reaches all; an origin killed mid-download leaves the other to finish;
 * the statistics of both origins add up exactly.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Challenge } from 'altcha-lib';
import { Redis } from 'ioredis';
import { solvedPayload } from '../src/purge/testing/solveCaptcha.ts';
import { startTestRedis, type TestRedis } from '../src/fleetState/testing/redisServer.ts';
import { openPostgresEngine } from '../src/stats/sql/postgresEngine.ts';
import type { SqlEngine } from '../src/stats/sql/engine.ts';
import { startPostgresCluster, type PostgresCluster } from '../src/stats/testing/postgresCluster.ts';
import { startFixtureRegistry, type FixtureRegistry } from './fixtures/upstream/index.ts';
import { freePort } from '../src/testing/freePort.ts';
import { until } from '../src/testing/until.ts';

const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const VERSION = 'x-skylift-version';

interface Instance {
  name: string;
  child: ChildProcess;
  urls: Record<string, string>;
  output: () => string;
}

let redis: TestRedis;
let postgres: PostgresCluster;
let sql: SqlEngine;
let registry: FixtureRegistry;
let base: string;
const instances: Instance[] = [];
let originA: Instance;
let originB: Instance;
let dataA: Instance;
let dataB: Instance;

const manifest = (name: string, version: string): string => JSON.stringify({ name, version, main: 'index.js' });
function publish(name: string, version: string): void {
  registry.publish(
    name,
    version,
    { 'package.json': manifest(name, version), 'index.js': `export const version = ${JSON.stringify(version)};\n` },
    { tags: ['latest'] },
  );
}

/** Starts `services` in a process of its own, configured as every member of the fleet is. */
async function startInstance(name: string, services: string[]): Promise<Instance> {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? os.tmpdir(),
    SKYLIFT_DATA_DIR: path.join(base, 'shared-data'),
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_GITHUB_API: registry.url,
    SKYLIFT_GITHUB_ARCHIVE: registry.url,
    SKYLIFT_UPSTREAM_TIMEOUT_MS: '20000',
    SKYLIFT_REDIS_URL: redis.url,
    SKYLIFT_POSTGRES_URL: postgres.url,
    SKYLIFT_DOWNLOAD_LOCK_TTL_MS: '1500',
    SKYLIFT_ALTCHA_HMAC_KEY: 'fleet-test-key',
    SKYLIFT_LOG_LEVEL: 'warn',
    // Every member is configured alike; the data API instances are the ones that ingest the edge's feed.
    SKYLIFT_EDGE_LOGS: `cloudflare=${path.join(base, 'edge-cloudflare')}`,
    // Folded every 2 s by default: sooner here, so that the statistics test waits less for what it checks.
    SKYLIFT_INGEST_INTERVAL_MS: '200',
  };
  const urls: Record<string, string> = {};
  for (const service of services) {
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    env[`SKYLIFT_${service.toUpperCase()}_URL`] = urls[service] = `http://127.0.0.1:${port}`;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--one-process', '--services', services.join(',')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  const instance = { name, child, urls, output: () => output };
  instances.push(instance);
  for (const url of Object.values(urls)) {
    const state = await until(async () => (child.exitCode !== null ? 'stopped' : (await fetch(`${url}/healthz`)).ok && 'up'), {
      message: () => `${name} to start: ${output}`,
      timeoutMs: 90_000,
      intervalMs: 100,
    });
    if (state === 'stopped') throw new Error(`${name} stopped: ${output}`);
  }
  return instance;
}

async function versionAt(origin: Instance, spec: string): Promise<string> {
  const res = await fetch(`${origin.urls['cdn']}/npm/${spec}/index.js`);
  assert.equal(res.status, 200, `${origin.name} ${spec}: ${await res.clone().text()}`);
  await res.arrayBuffer();
  return res.headers.get(VERSION) ?? '';
}

async function resolvedAt(data: Instance, name: string, specifier: string): Promise<string | null> {
  const res = await fetch(`${data.urls['data']}/v1/packages/npm/${name}/resolved?specifier=${encodeURIComponent(specifier)}`);
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { version: string | null }).version;
}

/** Purges through `origin`'s purge service, with a proof of work handed out by `challenger`'s. */
async function purgeThrough(origin: Instance, paths: string[], challenger: Instance = origin): Promise<string> {
  const challenge = (await (await fetch(`${challenger.urls['purge']}/captcha/challenge`)).json()) as Challenge;
  const res = await fetch(`${origin.urls['purge']}/captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ 'g-recaptcha-response': await solvedPayload(challenge), path: paths }),
  });
  assert.equal(res.status, 202, await res.clone().text());
  return ((await res.json()) as { id: string }).id;
}

async function finished(origin: Instance, id: string): Promise<{ paths: Record<string, { origin?: string }> }> {
  return until(
    async () => {
      const res = await fetch(`${origin.urls['purge']}/status/${id}`);
      assert.equal(res.status, 200);
      const body = (await res.json()) as { status: string; paths: Record<string, { origin?: string }> };
      return body.status === 'finished' && body;
    },
    { message: `purge ${id} to finish`, timeoutMs: 10_000 },
  );
}

before(async () => {
  [redis, postgres, registry] = await Promise.all([startTestRedis(), startPostgresCluster(), startFixtureRegistry()]);
  sql = openPostgresEngine(postgres.url);
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
  await fs.mkdir(path.join(base, 'edge-cloudflare'));
  for (const name of ['fleet-cold', 'fleet-alias', 'fleet-stats', 'fleet-crash']) publish(name, '1.0.0');
  // One at a time: two cores start four processes.
  originA = await startInstance('origin A', ['cdn', 'purge']);
  originB = await startInstance('origin B', ['cdn', 'purge']);
  dataA = await startInstance('data A', ['data']);
  dataB = await startInstance('data B', ['data']);
});

after(async () => {
  for (const instance of instances) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      const gone = new Promise((resolve) => instance.child.once('exit', resolve));
      instance.child.kill('SIGTERM');
      // A deadline, not a pause: over as soon as the process exits.
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([gone, new Promise((resolve) => (deadline = setTimeout(resolve, 5000)))]);
      clearTimeout(deadline);
      if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
    }
  }
  await sql?.close();
  await Promise.allSettled([redis?.stop(), postgres?.stop(), registry?.close()]);
  if (base) await fs.rm(base, { recursive: true, force: true });
});

test('200 simultaneous cold requests spread over both origins make one upstream download', async () => {
  const tarball = registry.tarballPath('fleet-cold', '1.0.0');
  const answers = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const origin = i % 2 === 0 ? originA : originB;
      const res = await fetch(`${origin.urls['cdn']}/npm/fleet-cold@1.0.0/index.js`);
      return { status: res.status, body: await res.text() };
    }),
  );
  assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200]));
  assert.ok(answers.every((answer) => answer.body === 'export const version = "1.0.0";\n'));
  assert.equal(registry.requestCount(tarball), 1, 'one download for the whole fleet');
});

test('an alias answered by both origins and both data API instances gives one version, until a purge through either instance', async () => {
  assert.equal(await versionAt(originA, 'fleet-alias@latest'), '1.0.0');
  assert.equal(await versionAt(originA, 'fleet-alias@^1'), '1.0.0');
  // Published after origin A resolved: origin B's own document would say 1.1.0, yet the fleet answers as one.
  publish('fleet-alias', '1.1.0');
  assert.equal(await versionAt(originB, 'fleet-alias@latest'), '1.0.0');
  assert.equal(await versionAt(originB, 'fleet-alias@^1'), '1.0.0');
  assert.equal(await resolvedAt(dataA, 'fleet-alias', 'latest'), '1.0.0');
  assert.equal(await resolvedAt(dataB, 'fleet-alias', '^1'), '1.0.0');

  // Purged through origin B's purge service, followed through origin A's (the job store is shared).
  const id = await purgeThrough(originB, ['/npm/fleet-alias@latest/index.js', '/npm/fleet-alias@^1/index.js'], originA);
  const status = await finished(originA, id);
  assert.equal(status.paths['/npm/fleet-alias@latest/index.js']?.origin, 'dropped');
  for (const origin of [originA, originB]) {
    assert.equal(await versionAt(origin, 'fleet-alias@latest'), '1.1.0', origin.name);
    assert.equal(await versionAt(origin, 'fleet-alias@^1'), '1.1.0', origin.name);
  }
  for (const data of [dataA, dataB]) assert.equal(await resolvedAt(data, 'fleet-alias', 'latest'), '1.1.0', data.name);

  // And the other way round: a purge through origin A reaches origin B (another path: the first is throttled for a minute).
  publish('fleet-alias', '1.2.0');
  assert.equal(await versionAt(originB, 'fleet-alias@latest'), '1.1.0');
  const again = await finished(originB, await purgeThrough(originA, ['/npm/fleet-alias@latest/package.json']));
  assert.equal(again.paths['/npm/fleet-alias@latest/package.json']?.origin, 'dropped');
  assert.equal(await versionAt(originB, 'fleet-alias@latest'), '1.2.0');
  assert.equal(await versionAt(originA, 'fleet-alias@latest'), '1.2.0');
});

test('the statistics of both origins and an edge log feed add up exactly in PostgreSQL', async () => {
  const requests = [...Array.from({ length: 7 }, () => originA), ...Array.from({ length: 5 }, () => originB)];
  for (const origin of requests) await versionAt(origin, 'fleet-stats@1.0.0');
  // The edge in front of the fleet served fleet-stats 5 more times from its own cache: its Logpush file
  // arrives (written under another name, then renamed, as a delivery does) and both data API instances read it.
  const edgeHits = 5;
  const line = (i: number): string =>
    JSON.stringify({
      CacheCacheStatus: 'hit',
      ClientCountry: 'de',
      ClientRequestHost: 'cdn.example.org',
      ClientRequestMethod: 'GET',
      ClientRequestURI: '/npm/fleet-stats@1.0.0/index.js',
      ClientRequestUserAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      EdgeResponseBodyBytes: 40,
      EdgeResponseBytes: 300,
      EdgeResponseStatus: 200,
      EdgeStartTimestamp: new Date().toISOString(),
      RayID: `fleet${i}`,
    }).replace(/"EdgeStartTimestamp":"(\d+)"/, '"EdgeStartTimestamp":$1');
  const feed = path.join(base, 'edge-cloudflare', 'fleet.ndjson');
  await fs.writeFile(`${feed}.tmp`, Array.from({ length: edgeHits }, (_, i) => line(i)).join('\n') + '\n');
  await fs.rename(`${feed}.tmp`, feed);
  const expected = { 'fleet-stats': 12 + edgeHits, 'fleet-cold': 200 };
  const hits = async (name: string): Promise<number> => {
    const rows = await sql.all<{ hits: string | number }>("SELECT COALESCE(SUM(hits), 0) AS hits FROM daily_package WHERE type = 'npm' AND name = ?", [name]);
    return Number(rows[0]?.hits ?? 0);
  };
  const counts = async (): Promise<typeof expected> => ({ 'fleet-stats': await hits('fleet-stats'), 'fleet-cold': await hits('fleet-cold') });
  let counted = await counts();
  await until(
    async () => {
      counted = await counts();
      return counted['fleet-stats'] >= expected['fleet-stats'] && counted['fleet-cold'] >= expected['fleet-cold'];
    },
    { message: () => `the requests counted: ${JSON.stringify(counted)} of ${JSON.stringify(expected)}`, timeoutMs: 15_000, intervalMs: 100 },
  );
  // Both data API instances ingest the same logs: more rounds must count nothing twice. Each of two later
  // requests, the second sent once the first is counted, is counted by a round after the count above.
  for (const origin of [originA, originB]) {
    const before = await hits('fleet-alias');
    const res = await fetch(`${origin.urls['cdn']}/npm/fleet-alias@1.0.0/index.js`);
    await res.arrayBuffer();
    assert.equal(res.status, 200);
    await until(async () => (await hits('fleet-alias')) > before, { message: `a request through ${origin.name} counted`, timeoutMs: 15_000 });
  }
  assert.deepEqual(await counts(), expected);
});

test('kill -9 of an origin in the middle of a download leaves the other origin to finish it', async () => {
  const tarball = registry.tarballPath('fleet-crash', '1.0.0');
  // The registry holds this tarball's answer until told otherwise: origin A is caught mid-download.
  registry.setFailure({ mode: 'hang', match: (requested: string) => requested === tarball });
  const doomed = fetch(`${originA.urls['cdn']}/npm/fleet-crash@1.0.0/index.js`).catch((error: unknown) => error);
  await until(() => registry.requestCount(tarball) > 0, { message: 'origin A to ask for the tarball', timeoutMs: 5_000 });
  assert.equal(registry.requestCount(tarball), 1, 'origin A is downloading');
  // Origin B waits on the fleet's download lock: it looks whether the lock is still held, which Redis shows.
  const watcher = new Redis(redis.url);
  const monitor = await watcher.monitor();
  let looks = 0;
  monitor.on('monitor', (_time: string, args: string[]) => {
    if (args[0]?.toLowerCase() === 'exists' && args[1]?.includes('download:') && args[1].includes('fleet-crash')) looks++;
  });
  const survivor = fetch(`${originB.urls['cdn']}/npm/fleet-crash@1.0.0/index.js`);
  await until(() => looks >= 2, { message: 'origin B to wait on the download lock', timeoutMs: 10_000, intervalMs: 10 });
  monitor.disconnect();
  watcher.disconnect();
  assert.equal(registry.requestCount(tarball), 1, 'origin B waits for the download origin A holds');
  originA.child.kill('SIGKILL');
  registry.setFailure(null);
  assert.ok((await doomed) instanceof Error, 'origin A is gone');
  const res = await survivor;
  assert.equal(res.status, 200, originB.output());
  assert.equal(await res.text(), 'export const version = "1.0.0";\n');
  assert.equal(registry.requestCount(tarball), 2, "origin B downloaded it once origin A's lock lapsed");
  assert.equal(await versionAt(originB, 'fleet-cold@1.0.0'), '1.0.0', 'origin B keeps serving');
});

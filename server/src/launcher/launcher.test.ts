/**
 * The launcher as `npm start` runs it: every process of every service a child of the launcher (two each
 * here), purges relayed to all of them, a killed process never handed a new connection, every death logged
 * and counted, a fault nobody caught logged and replaced, and a stop that drains requests in flight within
 * its bound.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import type { Challenge } from 'altcha-lib';
import { startFixtureRegistry, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import { solvedPayload } from '../purge/testing/solveCaptcha.ts';
import { machineMemoryBytes, machineMemoryCacheBytes } from '../config/memoryCaches.ts';
import { freePort } from '../testing/freePort.ts';
import { listensOn, serviceProcessesOf, type ServiceProcess } from './testing/processes.ts';
import { until } from '../testing/until.ts';

const DRAIN_MS = 3000;
let registry: FixtureRegistry;
let launcher: ChildProcess;
let output = '';
const urls: Record<string, string> = {};
const ports: Record<string, number> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-'));

before(async () => {
  registry = await startFixtureRegistry();
  for (const name of ['relay-demo', 'count-demo']) {
    registry.publish(
      name,
      '1.0.0',
      { 'package.json': `{"name":"${name}","version":"1.0.0","main":"index.js"}`, 'index.js': 'export default "1.0.0";\n' },
      { tags: ['latest'] },
    );
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_LOG_LEVEL: 'warn',
    // The CDN's older variable; the others by their own.
    SKYLIFT_CDN_WORKERS: '2',
    SKYLIFT_DATA_PROCESSES: '2',
    SKYLIFT_PURGE_PROCESSES: '2',
    SKYLIFT_DRAIN_MS: String(DRAIN_MS),
  };
  // The allocator setting the launcher gives its processes by default (checked below), whatever the caller has.
  delete env['MALLOC_ARENA_MAX'];
  delete env['MALLOC_MMAP_THRESHOLD_'];
  delete env['SKYLIFT_MEMORY_CACHE_BYTES'];
  for (const service of ['cdn', 'data', 'purge']) {
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    env[`SKYLIFT_${service.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
    urls[service] = `http://127.0.0.1:${port}`;
    ports[service] = port;
  }
  launcher = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      path.join(import.meta.dirname, 'testing', 'plantedFaults.mjs'),
      path.join(import.meta.dirname, '..', 'main.ts'),
      '--services',
      'cdn,data,purge',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Ready when every service has said where it listens.
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (['cdn', 'data', 'purge'].every((service) => new RegExp(`${service} +http\\S+ \\(2 processes\\)`).test(output))) resolve();
    };
    launcher.stdout!.on('data', check);
    launcher.on('exit', () => reject(new Error(`the launcher stopped:\n${output}`)));
  });
});

after(async () => {
  if (launcher.exitCode === null && launcher.signalCode === null) {
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    await exited;
  }
  await registry.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const processes = (service?: string): ServiceProcess[] => serviceProcessesOf(launcher.pid!).filter((p) => !service || p.service === service);

/** Waits for `probe` to give a value, naming what was waited for and the launcher's output at the deadline. */
const waitFor = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> =>
  until(probe, { message: () => `${what}\n${output}`, timeoutMs });

/** The JSON lines the processes wrote on stderr, parsed. */
const logLines = (): Array<Record<string, unknown>> =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A GET on a connection of its own, with how long it took; a request not answered in `limitMs` fails. */
function getOnNewConnection(url: string, limitMs: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { connection: 'close' } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, ms: performance.now() - started }));
    });
    request.setTimeout(limitMs, () => request.destroy(new Error(`${url} not answered within ${limitMs} ms`)));
    request.on('error', reject);
  });
}

/** Enough CDN requests that both processes answer some. */
async function cdnLatest(): Promise<Set<string>> {
  const bodies = new Set<string>();
  for (let i = 0; i < 8; i++) bodies.add(await (await fetch(`${urls['cdn']}/npm/relay-demo@latest/index.js`, { headers: { connection: 'close' } })).text());
  return bodies;
}
const dataLatest = async (): Promise<string> =>
  ((await (await fetch(`${urls['data']}/v1/packages/npm/relay-demo/resolved?specifier=latest`)).json()) as { version: string }).version;

test('every process of every service is a child of the launcher, slot 0 of each its leader', () => {
  assert.deepEqual(
    processes().map(({ service, slot, role }) => ({ service, slot, role })),
    ['cdn', 'data', 'purge'].flatMap((service) => [
      { service, slot: 0, role: 'leader' },
      { service, slot: 1, role: 'follower' },
    ]),
  );
});

test("every process gets the launcher's allocator settings, two arenas and a fixed mmap threshold, and its share of the machine's memory for caches", () => {
  // Two CDN and two data API processes have caches.
  const cacheBytes = machineMemoryCacheBytes(machineMemoryBytes(), 4);
  for (const { service, slot, pid } of processes()) {
    const environment = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    assert.ok(environment.includes('MALLOC_ARENA_MAX=2'), `${service}#${slot}`);
    assert.ok(environment.includes('MALLOC_MMAP_THRESHOLD_=131072'), `${service}#${slot}`);
    assert.ok(environment.includes(`SKYLIFT_MEMORY_CACHE_BYTES=${cacheBytes}`), `${service}#${slot}`);
  }
});

test('a purge reaches every process of every service', async () => {
  assert.deepEqual(await cdnLatest(), new Set(['export default "1.0.0";\n']));
  assert.equal(await dataLatest(), '1.0.0');

  registry.publish(
    'relay-demo',
    '1.1.0',
    { 'package.json': '{"name":"relay-demo","version":"1.1.0","main":"index.js"}', 'index.js': 'export default "1.1.0";\n' },
    { tags: ['latest'] },
  );
  assert.deepEqual(await cdnLatest(), new Set(['export default "1.0.0";\n']), 'resolutions are kept until purged');

  const challenge = (await (await fetch(`${urls['purge']}/captcha/challenge`)).json()) as Challenge;
  // The challenge may come from one purge process and be answered by the other: they share the signing key.
  const response = await fetch(`${urls['purge']}/captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ 'g-recaptcha-response': await solvedPayload(challenge), path: '/npm/relay-demo@latest/index.js' }),
  });
  assert.equal(response.status, 202, await response.clone().text());
  const { id } = (await response.json()) as { id: string };
  await waitFor(
    `purge ${id} to finish`,
    async () => ((await (await fetch(`${urls['purge']}/status/${id}`)).json()) as { status: string }).status === 'finished' || undefined,
  );

  assert.deepEqual(await cdnLatest(), new Set(['export default "1.1.0";\n']), 'both CDN processes forgot');
  assert.equal(await dataLatest(), '1.1.0', 'the data API forgot');
});

test('requests served by two CDN processes are counted exactly once by the two data processes', async () => {
  const requests = 12;
  for (let i = 0; i < requests; i++) {
    assert.equal((await getOnNewConnection(`${urls['cdn']}/npm/count-demo@1.0.0/index.js`, 10_000)).status, 200);
  }
  const hits = async (name = 'count-demo'): Promise<number> => {
    const answer = (await (await fetch(`${urls['data']}/v1/stats/packages/npm/${name}?period=day`, { headers: { connection: 'close' } })).json()) as {
      hits?: { total: number };
    };
    assert.ok(answer.hits, `${JSON.stringify(answer)}\n${output}`);
    return answer.hits.total;
  };
  await waitFor('the requests counted', async () => ((await hits()) === requests ? true : undefined));
  // Two more ingest rounds must not count them again: each of two later requests, the second sent once the
  // first is counted, is counted by a round of its own.
  for (let round = 1; round <= 2; round++) {
    const before = await hits('relay-demo');
    assert.equal((await getOnNewConnection(`${urls['cdn']}/npm/relay-demo@1.0.0/index.js`, 10_000)).status, 200);
    await waitFor(`ingest round ${round} after the count`, async () => ((await hits('relay-demo')) > before ? true : undefined));
  }
  assert.equal(await hits(), requests);
});

test('kill -9 of a process: new connections are answered by the others at once; the death is logged, counted and replaced', async () => {
  for (const [service, slot, path] of [
    ['cdn', 1, '/npm/relay-demo@1.0.0/index.js'],
    ['data', 0, '/v1/packages/npm/relay-demo/resolved?specifier=1.0.0'],
  ] as const) {
    const victim = processes(service).find((p) => p.slot === slot)!;
    process.kill(victim.pid, 'SIGKILL');
    // Right after the kill, before the launcher has heard of the death (where round-robin handed a connection
    // to the dead process and it was never answered), and 20 ms later.
    const ask = () => Promise.all(Array.from({ length: 8 }, () => getOnNewConnection(`${urls[service]}${path}`, 1000)));
    const [atOnce, later] = await Promise.all([ask(), delay(20).then(ask)]);
    const answers = [...atOnce, ...later];
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(16).fill(200),
      `${service}: answered in ${answers.map((answer) => answer.ms.toFixed(0)).join(', ')} ms`,
    );

    const line = await waitFor(`the restart of ${service} ${slot}`, () => logLines().find((l) => l['msg'] === 'process restarted' && l['pid'] === victim.pid));
    assert.deepEqual(
      { level: line['level'], service: line['service'], slot: line['slot'], cause: line['cause'], restarts: line['restarts'] },
      { level: 'warn', service, slot, cause: 'signal SIGKILL', restarts: 1 },
    );
    const replacement = await waitFor(`a new ${service} ${slot}`, () => processes(service).find((p) => p.slot === slot && p.pid !== victim.pid));
    assert.equal(replacement.role, slot === 0 ? 'leader' : 'follower');
    await waitFor(`the new ${service} ${slot} listening`, () => listensOn(replacement.pid, ports[service]!));
  }
  // Every process of every service knows the counts, the replacements included.
  for (const service of ['cdn', 'data', 'purge']) {
    for (let i = 0; i < 4; i++) {
      const metrics = await (await fetch(`${urls[service]}/metrics`, { headers: { connection: 'close' } })).text();
      assert.match(metrics, /^skylift_process_restarts_total\{service="cdn",cause="signal SIGKILL"\} 1$/m, `${service}:\n${metrics}`);
      assert.match(metrics, /^skylift_process_restarts_total\{service="data",cause="signal SIGKILL"\} 1$/m);
    }
  }
});

test('every CDN process killed at once: a new connection waits for a replacement and is answered, not refused', async () => {
  const victims = processes('cdn');
  for (const victim of victims) process.kill(victim.pid, 'SIGKILL');
  // A victim that accepted a connection before its signal took effect takes it down with it (a request in flight on
  // a killed process): the promise is for a connection made once every process of the service is dead.
  await waitFor('the killed CDN processes gone', () => (processes('cdn').some((p) => victims.some((victim) => victim.pid === p.pid)) ? undefined : true));
  const answer = await getOnNewConnection(`${urls['cdn']}/npm/relay-demo@1.0.0/index.js`, 20_000);
  assert.equal(answer.status, 200);
  assert.ok(
    processes('cdn').every((p) => !victims.some((victim) => victim.pid === p.pid)),
    'answered by a replacement',
  );
  for (const slot of [0, 1]) {
    const replacement = await waitFor(`a new cdn ${slot}`, () => processes('cdn').find((p) => p.slot === slot && !victims.some((v) => v.pid === p.pid)));
    await waitFor(`the new cdn ${slot} listening`, () => listensOn(replacement.pid, ports['cdn']!));
  }
});

test('an exception or rejection nobody handled is logged with its stack; the process exits and is replaced', async () => {
  for (const [service, signal, kind] of [
    ['purge', 'SIGUSR2', 'uncaught exception'],
    ['data', 'SIGHUP', 'unhandled promise rejection'],
  ] as const) {
    const victim = processes(service).find((p) => p.slot === 1)!;
    process.kill(victim.pid, signal);
    const fatal = await waitFor(`the fatal line of ${service}`, () => logLines().find((l) => l['level'] === 'fatal' && l['pid'] === victim.pid));
    assert.equal(fatal['msg'], kind);
    assert.equal(fatal['service'], service);
    assert.equal(fatal['slot'], 1);
    assert.match(String((fatal['err'] as { stack: string }).stack), /planted fault[\s\S]*at .*plantedFaults\.mjs/);
    const restart = await waitFor(`the restart of ${service}`, () => logLines().find((l) => l['msg'] === 'process restarted' && l['pid'] === victim.pid));
    assert.equal(restart['cause'], 'exit code 1');
    const replacement = await waitFor(`a new ${service} 1`, () => processes(service).find((p) => p.slot === 1 && p.pid !== victim.pid));
    await waitFor(`the new ${service} 1 listening`, () => listensOn(replacement.pid, ports[service]!));
    assert.equal((await getOnNewConnection(`${urls[service]}/healthz`, 1000)).status, 200);
  }
});

const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n';

/**
 * A POST to the purge service whose body is sent in two parts: the request is in flight in between. It asks
 * for a `100 Continue`, which the server sends once it has read the headers: `inFlight` resolves then.
 */
function postInTwoParts(body: string): { inFlight: Promise<void>; sendRest: () => void; answer: Promise<string> } {
  const socket = net.connect(ports['purge']!, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /captcha HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  let received = '';
  let continued: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => (continued = resolve));
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    if (received.startsWith(CONTINUE)) continued();
  });
  const answer = new Promise<string>((resolve) =>
    socket.on('close', () => resolve(received.startsWith(CONTINUE) ? received.slice(CONTINUE.length) : received)),
  );
  return { inFlight, sendRest: () => socket.write(body.slice(half)), answer };
}

/** True once nothing accepts connections on the port any more. */
const refused = (port: number): Promise<true | undefined> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('error', () => resolve(true));
  });

test('SIGTERM: requests in flight are finished, one that outlasts the bound is cut, then every process exits', async () => {
  const body = JSON.stringify({ 'g-recaptcha-response': 'not solved', path: '/npm/relay-demo@latest/index.js' });
  const finishing = postInTwoParts(body);
  const outlasting = postInTwoParts(body);
  await Promise.all([finishing.inFlight, outlasting.inFlight]);
  const children = processes().map((p) => p.pid);
  const stopped = performance.now();
  const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
  launcher.kill('SIGTERM');
  // Every purge process has stopped accepting: the stop is under way.
  await waitFor('the purge port closed', () => refused(ports['purge']!), 5_000);
  assert.equal(launcher.exitCode, null, 'the launcher waits for the requests in flight');
  finishing.sendRest();
  assert.match(await finishing.answer, /^HTTP\/1\.1 403 [\s\S]*"status":403/, 'the request in flight got its answer');
  assert.equal(await exited, 0);
  const took = performance.now() - stopped;
  assert.ok(took >= DRAIN_MS - 100 && took < DRAIN_MS + 4000, `stopped after ${took.toFixed(0)} ms with a drain bound of ${DRAIN_MS} ms`);
  assert.equal(await outlasting.answer, '', 'the request that never finished was cut');
  for (const pid of children) assert.throws(() => process.kill(pid, 0), /ESRCH/, `process ${pid} is gone`);
});

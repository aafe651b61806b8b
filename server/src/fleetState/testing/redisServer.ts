/**
 * A Redis for a test, empty, that the test may crash and bring back. With `REDIS_TEST_URL` (a Redis the tests
 * may write to and flush), a database of that server of its own behind a loopback proxy, which is what a
 * crash cuts. Otherwise a throwaway `redis-server` on a free loopback port with a temporary folder, no
 * persistence, removed on stop; the binary is the one the test runner found or installed
 * (`../../testing/engineBinaries.mjs`). Without either it fails saying how to get one: the Redis tests
 * never skip silently.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { findRedisServer } from '../../testing/engineBinaries.mjs';
import { freePort } from '../../testing/freePort.ts';
import { until } from '../../testing/until.ts';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server abruptly (as a crash would); `start()` brings it back on the same port, empty. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function ensureBinary(): string {
  const binary = findRedisServer();
  if (binary) return binary;
  throw new Error(
    'redis-server was not found on PATH or in the usual places. Run the tests with "node server/scripts/run-tests.mjs" ' +
      "(as root it installs Debian's redis-server), install Redis, or set REDIS_TEST_URL to a Redis the tests may use.",
  );
}

/** Whether the server answers PING on `port` within `timeoutMs`. */
async function answers(port: number, timeoutMs: number): Promise<boolean> {
  const ping = (): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('error', () => resolve(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
  return until(ping, { message: `redis-server to answer PING on port ${port}`, timeoutMs }).then(
    () => true,
    () => false,
  );
}

export async function startTestRedis(): Promise<TestRedis> {
  const serverUrl = process.env['REDIS_TEST_URL'];
  if (serverUrl) return databaseBehindProxy(serverUrl);
  const binary = ensureBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-redis-'));
  let child: ChildProcess | null = null;
  let port = 0;
  let output = '';

  const launch = async (wanted: number | null): Promise<boolean> => {
    port = wanted ?? (await freePort());
    const server = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    server.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child = server;
    if (await answers(port, 10_000)) return true;
    server.kill('SIGKILL');
    return false;
  };

  const exited = async (): Promise<void> => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };

  // Another process may take the port between our probe and the start: try another one.
  let started = false;
  for (let attempt = 0; attempt < 4 && !started; attempt++) started = await launch(null);
  if (!started) throw new Error(`Could not start redis-server: ${output}`);

  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    kill: exited,
    async start() {
      if (!(await launch(port))) throw new Error(`Could not restart redis-server on port ${port}: ${output}`);
    },
    async stop() {
      await exited();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Databases 1 to 15 of the given server, taken in turn by the tests (database 0 holds the turn counter). */
const DATABASES = 15;

/**
 * A database of the server at `serverUrl`, flushed, reached through a loopback proxy of our own: `kill()`
 * closes the proxy and every connection through it and flushes the database (a crash of a server without
 * persistence), `start()` listens again on the same port.
 */
async function databaseBehindProxy(serverUrl: string): Promise<TestRedis> {
  const target = new URL(serverUrl);
  const admin = new Redis(serverUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await admin.connect();
  const turn = await admin.incr('skylift-test:next-database');
  const database = 1 + (turn % DATABASES);
  await admin.select(database);
  await admin.flushdb();

  const connections = new Set<net.Socket>();
  let proxy: net.Server | null = null;
  let port = 0;
  const listen = async (wanted: number): Promise<void> => {
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        connections.add(socket);
        socket.once('close', () => connections.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(wanted, '127.0.0.1', () => resolve());
    });
    proxy = server;
    port = (server.address() as net.AddressInfo).port;
  };
  const cut = async (): Promise<void> => {
    const server = proxy;
    proxy = null;
    for (const socket of connections) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen(0);

  return {
    get url() {
      const url = new URL(serverUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    get port() {
      return port;
    },
    async kill() {
      await cut();
      await admin.flushdb();
    },
    async start() {
      await listen(port);
    },
    async stop() {
      await cut();
      await admin.flushdb().catch(() => undefined);
      admin.disconnect();
    },
  };
}

/**
 * A throwaway Redis for tests: Debian's `redis-server` on a free loopback port with a temporary folder,
 * no persistence, removed on stop. When the binary is missing it installs the `redis-server` package if
 * it runs as root, and otherwise fails saying how to get it: the Redis tests never skip silently.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../testing/freePort.ts';
import { installDebianPackage } from '../../testing/debianPackage.ts';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server abruptly (as a crash would); `start()` brings it back on the same port, empty. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const BINARY_PLACES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server'];

function findBinary(): string | undefined {
  return BINARY_PLACES.find((place) => fs.existsSync(place));
}

function ensureBinary(): string {
  let binary = findBinary();
  if (binary) return binary;
  if (installDebianPackage('redis-server')) {
    binary = findBinary();
    if (binary) return binary;
  }
  throw new Error('redis-server not found. Install it with "sudo apt-get install redis-server" (Debian/Ubuntu) to run the shared state tests.');
}

/** Resolves once the server answers PING on `port`. */
async function answers(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('error', () => resolve(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

export async function startTestRedis(): Promise<TestRedis> {
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

/**
 * The right bytes under churn: many more distinct files than the CDN keeps in memory, of sizes from a few hundred
 * bytes to a megabyte, fetched concurrently over real sockets (whole, compressed, as byte ranges, and cut off
 * mid-body), while the disk cache evicts versions under its budget, `+esm` builds run in their threads and child
 * processes start and stop beside (each opening and closing pipes, whose numbers a misowned descriptor would get).
 * Every body that arrives whole is compared with the file it must be.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildCdnApp } from '../src/cdn/app.ts';
import { testConfig } from '../src/cdn/testing/testApp.ts';
import { createPackageStore, type ClosablePackageStore } from '../src/packages/index.ts';
import { seededRandom } from '../src/stats/traffic/seededRandom.ts';
import { until } from '../src/testing/until.ts';
import { startFixtureRegistry, type FixtureRegistry } from './fixtures/upstream/index.ts';

const PACKAGES = 12;
const FILES_PER_PACKAGE = 30;
const REQUESTS = 1200;
const CONNECTIONS = 24;
/** What the memory caches (shared between them: about 1 MB of hot files) and the disk cache may hold: a small part of the files served. */
const MEMORY_BYTES = 4 * 1024 * 1024;
const DISK_BUDGET_BYTES = 12 * 1024 * 1024;
/** `+esm` builds of fixture packages, run beside the file traffic. */
const BUILDS = ['/npm/esm-only-lib@1.0.0/+esm', '/npm/cjs-named@1.0.0/+esm', '/npm/chartkit@3.2.0/+esm', '/npm/datekit@2.5.0/+esm', '/npm/immerkit@2.2.0/+esm'];

interface Expected {
  url: string;
  bytes: Buffer;
  sha: string;
}

const random = seededRandom(36);
const sha = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
/** The files this process holds open (sockets, pipes and the threads' event descriptors aside). */
function openFiles(): string[] {
  const targets = fs.readdirSync('/proc/self/fd').map((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return ''; // closed meanwhile (the one readdir itself used)
    }
  });
  return targets.filter((target) => target.startsWith('/') && target !== '/dev/null');
}

/** A file of `size` bytes: text that compresses for scripts and styles, random bytes otherwise. */
function content(name: string, size: number): Buffer {
  if (!/\.(js|css)$/.test(name)) return crypto.randomBytes(size);
  const line = Buffer.from(`/* ${name} */ var v${Math.floor(random() * 1e9)} = ${JSON.stringify(name)};\n`);
  return Buffer.concat(Array.from({ length: Math.ceil(size / line.length) }, () => line)).subarray(0, size);
}

let registry: FixtureRegistry;
let store: ClosablePackageStore;
let app: FastifyInstance;
let base: string;
const files: Expected[] = [];

before(async () => {
  registry = await startFixtureRegistry();
  for (let p = 0; p < PACKAGES; p++) {
    const name = `tail-${p}`;
    const published: Record<string, Buffer> = {};
    for (let f = 0; f < FILES_PER_PACKAGE; f++) {
      // Log-uniform from 200 B to 1 MB: most files small, some far larger than the memory cache takes.
      const size = Math.round(200 * Math.exp(random() * Math.log((1024 * 1024) / 200)));
      const file = `dist/f${f}.${['js', 'css', 'bin', 'woff2'][f % 4]}`;
      published[file] = content(`${name}/${file}`, size);
    }
    registry.publish(name, '1.0.0', { 'package.json': JSON.stringify({ name, version: '1.0.0' }), ...published });
    for (const [file, bytes] of Object.entries(published)) files.push({ url: `/npm/${name}@1.0.0/${file}`, bytes, sha: sha(bytes) });
  }
  const config = testConfig(
    {},
    { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CACHE_BUDGET_BYTES: String(DISK_BUDGET_BYTES), SKYLIFT_MEMORY_CACHE_BYTES: String(MEMORY_BYTES) },
  );
  store = await createPackageStore(config);
  app = await buildCdnApp(config, { store, requestLog: false });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
after(async () => {
  await app.close();
  await store.close();
  await registry.close();
});

interface Outcome {
  status: number;
  body: Buffer | null;
  encoding: string | undefined;
  /** Why no whole answer arrived (the connection cut mid-body, say). */
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One request; `hangUp` goes away after the first chunk of the body (the outcome then has no body). */
function fetchOnce(url: string, headers: Record<string, string>, hangUp: boolean): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${url}`, { agent: hangUp ? false : agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (hangUp) {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: null, encoding: undefined });
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }));
      response.on('error', (error) =>
        hangUp ? undefined : resolve({ status: response.statusCode ?? 0, body: null, encoding: undefined, error: error.message }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => (hangUp ? undefined : reject(error)));
  });
}

const decode = (body: Buffer, encoding: string | undefined): Buffer =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

/** Child processes started one after another until `running.stop`: each opens pipes, echoes a line and exits. */
function churnChildProcesses(): { stop: () => Promise<number> } {
  let stopped = false;
  let started = 0;
  const loop = (async () => {
    while (!stopped) {
      const child = spawn(process.execPath, ['-e', 'process.stdin.pipe(process.stdout)'], { stdio: ['pipe', 'pipe', 'ignore'] });
      started++;
      child.stdin.end('ping\n');
      child.stdout.resume();
      await new Promise((resolve) => child.once('close', resolve));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return started;
    },
  };
}

test('every body served under churn is the file it must be, and no request fails', async () => {
  const idle = openFiles();
  const children = churnChildProcesses();
  const builds = Promise.all(BUILDS.map((url) => fetchOnce(url, { 'accept-encoding': 'br' }, false)));
  const wrong: string[] = [];
  const failed: string[] = [];
  let whole = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < REQUESTS) {
      const n = next++;
      const file = files[Math.floor(random() * files.length)]!;
      const roll = random();
      const hangUp = roll < 0.1;
      const ranged = !hangUp && roll < 0.2 && file.bytes.length > 10;
      const compressed = !hangUp && !ranged && roll < 0.45;
      const start = ranged ? Math.floor(random() * (file.bytes.length / 2)) : 0;
      const end = ranged ? start + Math.floor(random() * (file.bytes.length - start)) : file.bytes.length - 1;
      const headers: Record<string, string> = ranged ? { range: `bytes=${start}-${end}` } : compressed ? { 'accept-encoding': n % 2 ? 'br' : 'gzip' } : {};
      const outcome = await fetchOnce(file.url, headers, hangUp);
      if (outcome.error) failed.push(`${outcome.status} ${file.url} cut off: ${outcome.error}`);
      else if (outcome.status !== 200 && outcome.status !== 206) failed.push(`${outcome.status} ${file.url}`);
      if (!outcome.body) continue;
      whole++;
      const got = decode(outcome.body, outcome.encoding);
      const want = ranged && outcome.status === 206 ? file.bytes.subarray(start, end + 1) : file.bytes;
      if (sha(got) !== sha(want)) wrong.push(`${file.url} ${JSON.stringify(headers)}: ${got.length} bytes, wanted ${want.length}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const built = await builds;
  const processes = await children.stop();

  assert.deepEqual(wrong, [], `${wrong.length} of ${whole} whole bodies were not the file's bytes`);
  assert.deepEqual(failed, [], `${failed.length} requests failed`);
  for (const [i, build] of built.entries()) assert.equal(build.status, 200, `${BUILDS[i]} built`);
  assert.ok(whole > REQUESTS / 2, `most requests read whole (${whole})`);
  assert.ok(processes > 0, 'child processes ran beside');
  agent.destroy();
  // No file is left open once the traffic stops: every file's descriptor was its response's (or a build's), and
  // each was closed when that ended, cut-off responses included.
  await until(() => openFiles().length <= idle.length, { message: () => `no file left open (open: ${openFiles().join(', ')})`, intervalMs: 20 });
});

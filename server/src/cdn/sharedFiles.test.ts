/**
 * Several origins sharing their file cache through an S3-compatible bucket (s3rver on loopback): each keeps
 * its own disk cache, a new one warms from what its peers extracted instead of the registry, and nothing
 * from the bucket is served unchecked; without the bucket, serving goes on from the registry.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { createPackageStore, type ClosablePackageStore } from '../packages/index.ts';
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from '../packages/testing/s3Server.ts';
import {
  FIXTURE_PACKAGES_DIR,
  startFixtureGitHub,
  startFixtureRegistry,
  type FixtureGitHub,
  type FixtureRegistry,
} from '../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from './app.ts';
import { testConfig } from './testing/testApp.ts';
import { until } from '../testing/until.ts';

interface Origin {
  app: FastifyInstance;
  store: ClosablePackageStore;
  metrics: Registry;
  dataDir: string;
}

let registry: FixtureRegistry;
let github: FixtureGitHub;
let bucket: TestBucket;
const origins: Origin[] = [];

before(async () => {
  // The SDK's usual credential source; s3rver accepts these.
  Object.assign(process.env, S3RVER_CREDENTIALS);
  registry = await startFixtureRegistry();
  github = await startFixtureGitHub();
  bucket = await startTestBucket();
});
after(async () => {
  for (const origin of origins) {
    await origin.app.close();
    await origin.store.close();
  }
  await registry.close();
  await github.close();
  await bucket.close();
});

/** A CDN origin with its own empty disk cache, pointed at the bucket (or at `s3` variables given). */
async function startOrigin(s3: Record<string, string>): Promise<Origin> {
  const config = testConfig(
    {},
    {
      SKYLIFT_NPM_REGISTRY: registry.url,
      SKYLIFT_GITHUB_API: github.apiUrl,
      SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
      SKYLIFT_UPSTREAM_TIMEOUT_MS: '3000',
      ...s3,
    },
  );
  const metrics = new Registry();
  const store = await createPackageStore(config, { metrics });
  const app = await buildCdnApp(config, { store, requestLog: false });
  const origin = { app, store, metrics, dataDir: config.dataDir };
  origins.push(origin);
  return origin;
}

async function sharedCount(origin: Origin, operation: string, outcome: string): Promise<number> {
  const metric = origin.metrics.getSingleMetric('package_shared_store_operations_total');
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.find((v) => v.labels['operation'] === operation && v.labels['outcome'] === outcome)?.value ?? 0;
}

/** Waits until a figure reaches `expected` (background work), at most five seconds. */
async function eventually(figure: () => Promise<number>, expected: number, what: string): Promise<void> {
  let value = await figure();
  await until(async () => (value = await figure()) === expected, { message: () => `${what} to reach ${expected} (it is ${value})`, timeoutMs: 5_000 });
}

const tarballs = (version: string): number => registry.requestCount(registry.tarballPath('tiny-lib', version));
const fixture = (version: string, file: string): Promise<Buffer> => fs.readFile(path.join(FIXTURE_PACKAGES_DIR, 'tiny-lib', version, file));
const sha256Hex = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

test('a second origin with an empty cache serves what the first fetched, without downloading the tarball', async () => {
  const url = '/npm/tiny-lib@1.0.0/dist/tiny.js';
  const original = await fixture('1.0.0', 'dist/tiny.js');
  const a = await startOrigin(bucket.env('fleet-1/'));
  const first = await a.app.inject(url);
  assert.equal(first.statusCode, 200);
  assert.deepEqual(first.rawPayload, original);
  assert.equal(tarballs('1.0.0'), 1);

  // The upload runs after the answer, in the background: the index goes up last, after every blob.
  await bucket.waitFor('fleet-1/versions/', '/1.0.0.json');
  const blobs = await bucket.keys('fleet-1/blobs/');
  assert.ok(blobs.includes(`fleet-1/blobs/${sha256Hex(original).slice(0, 2)}/${sha256Hex(original).slice(2)}`), 'the file is in the bucket under its SHA-256');
  await eventually(() => sharedCount(a, 'upload', 'ok'), 1, 'the uploads');

  const b = await startOrigin(bucket.env('fleet-1/'));
  const second = await b.app.inject(url);
  assert.equal(second.statusCode, 200);
  assert.deepEqual(second.rawPayload, original);
  assert.equal(second.headers['etag'], first.headers['etag']);
  assert.equal(tarballs('1.0.0'), 1, 'no tarball download for the second origin');
  assert.equal(await sharedCount(b, 'fetch', 'hit'), 1);

  // Written into B's own disk cache: its next requests are local reads.
  const stored = await b.store.file({ type: 'npm', name: 'tiny-lib' }, '1.0.0', '/dist/tiny.js');
  assert.ok(stored && stored.content === undefined);
  assert.ok(stored.diskPath.startsWith(b.dataDir));
  assert.deepEqual(await fs.readFile(stored.diskPath), original);
  const listing = await b.app.inject('/npm/tiny-lib@1.0.0/+private-json');
  assert.deepEqual(
    (JSON.parse(listing.body) as { files: Array<{ path: string }> }).files.map((f) => f.path),
    ['/README.md', '/dist/tiny.js', '/dist/tiny.min.js', '/package.json'],
  );
});

test('a blob altered in the bucket is never served: the origin goes to the registry instead', async () => {
  const url = '/npm/tiny-lib@1.1.0/dist/tiny.js';
  const original = await fixture('1.1.0', 'dist/tiny.js');
  const a = await startOrigin(bucket.env('fleet-2/'));
  assert.equal((await a.app.inject(url)).statusCode, 200);
  await bucket.waitFor('fleet-2/versions/', '/1.1.0.json');

  // Same length, one byte changed: only the hash tells.
  const hex = sha256Hex(original);
  const key = `fleet-2/blobs/${hex.slice(0, 2)}/${hex.slice(2)}`;
  const altered = Buffer.from(original);
  altered[0] = altered[0]! ^ 0x20;
  await bucket.put(key, altered);

  const downloads = tarballs('1.1.0');
  const c = await startOrigin(bucket.env('fleet-2/'));
  const res = await c.app.inject(url);
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.rawPayload, original);
  assert.equal(tarballs('1.1.0'), downloads + 1, 'fetched from the registry');
  assert.equal(await sharedCount(c, 'fetch', 'corrupt'), 1);
  assert.equal(await sharedCount(c, 'fetch', 'hit'), 0);
});

test('an index in the bucket naming a blob outside the store is not used', async () => {
  const original = await fixture('1.2.0', 'dist/tiny.js');
  const hex = sha256Hex(original);
  const forged = {
    format: 1,
    key: 'npm/tiny-lib/1.2.0',
    files: [
      {
        path: '/dist/tiny.js',
        size: original.length,
        sha256: Buffer.from(hex, 'hex').toString('base64'),
        sha256Hex: '../../../etc/passwd',
        time: '1985-10-26T08:15:00.000Z',
      },
    ],
    default: null,
    manifest: null,
    extractedAt: new Date().toISOString(),
  };
  await bucket.put('fleet-3/versions/npm/tiny-lib/1.2.0.json', Buffer.from(JSON.stringify(forged)));
  const downloads = tarballs('1.2.0');
  const d = await startOrigin(bucket.env('fleet-3/'));
  const res = await d.app.inject('/npm/tiny-lib@1.2.0/dist/tiny.js');
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.rawPayload, original);
  assert.equal(tarballs('1.2.0'), downloads + 1);
  assert.equal(await sharedCount(d, 'fetch', 'corrupt'), 1);
});

test('with the bucket unreachable, files are served from the registry and the failures are counted', async () => {
  const closed = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
  const e = await startOrigin({ SKYLIFT_S3_BUCKET: 'skylift-files', SKYLIFT_S3_ENDPOINT: `http://127.0.0.1:${closed}` });
  const res = await e.app.inject('/npm/tiny-lib@1.2.0/dist/tiny.min.js');
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.rawPayload, await fixture('1.2.0', 'dist/tiny.min.js'));
  assert.equal(await sharedCount(e, 'fetch', 'error'), 1);
  // The upload fails in the background; the answer above did not wait for it.
  await eventually(() => sharedCount(e, 'upload', 'error'), 1, 'the failed uploads');

  // While it stays unreachable, requests do not wait on it again.
  const next = await e.app.inject('/npm/tiny-lib@1.1.0/README.md');
  assert.equal(next.statusCode, 200);
  assert.equal(await sharedCount(e, 'fetch', 'skipped'), 1);
});

test('a repository version is shared by its commit, as it is stored', async () => {
  const sha = github.sha('skylift-fixtures', 'tagged', 'c2');
  const archive = `/archive/skylift-fixtures/tagged/tar.gz/${sha}`;
  const a = await startOrigin(bucket.env('fleet-gh/'));
  const first = await a.app.inject('/gh/skylift-fixtures/tagged@1.1.0/dist/lib.js');
  assert.equal(first.statusCode, 200);
  assert.equal(first.body, "export const version = '1.1.0';\n");
  assert.equal(github.requestCount(archive), 1);
  await bucket.waitFor('fleet-gh/versions/gh/', `/${sha}.json`);

  const b = await startOrigin(bucket.env('fleet-gh/'));
  const second = await b.app.inject(`/gh/skylift-fixtures/tagged@${sha}/dist/lib.js`);
  assert.equal(second.statusCode, 200);
  assert.equal(second.body, first.body);
  assert.equal(github.requestCount(archive), 1, 'no archive download for the second origin');
});

test('the upload never holds up the answer: it runs after it, however slow the bucket is to take it', async () => {
  // A bucket that takes a write only when the test lets it: the proxy holds PUT requests back until then.
  const target = new URL(bucket.endpoint);
  const heldWrites: Array<() => void> = [];
  let holding = true;
  const proxy = http.createServer((req, res) => {
    const forward = (): void => {
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    };
    if (req.method === 'PUT' && holding) heldWrites.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = proxy.address() as net.AddressInfo;
    const origin = await startOrigin({ ...bucket.env('fleet-slow/'), SKYLIFT_S3_ENDPOINT: `http://127.0.0.1:${port}` });
    const res = await origin.app.inject('/npm/tiny-lib@2.0.0-beta.1/dist/tiny.js');
    assert.equal(res.statusCode, 200, 'answered while the bucket has taken nothing');
    assert.equal(await sharedCount(origin, 'upload', 'ok'), 0, 'the upload is still under way');
    holding = false;
    for (const forward of heldWrites.splice(0)) forward();
    await bucket.waitFor('fleet-slow/versions/', '/2.0.0-beta.1.json', 15_000);
    await eventually(() => sharedCount(origin, 'upload', 'ok'), 1, 'the uploads');
  } finally {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  }
});

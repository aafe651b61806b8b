/**
 * Answers of a file that came out of an archive still downloading (`StoredFile.pending`): its headers and
 * first bytes go at once, its last bytes only once its version is confirmed, and the response is cut short
 * when it is not, so that no client or cache ever has a complete answer of unconfirmed bytes. Over a real
 * socket on loopback: what matters is what a client has received before the end.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { PackageRef, StoredFile } from '../packages/types.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { listenTestApp, type ListeningTestApp } from './testing/testApp.ts';

const BODY = Buffer.from(`/* early */\n${'export const early = 1;\n'.repeat(400)}`);

/** A confirmation the test gives or refuses. */
function gate(): { promise: Promise<void>; open(): void; refuse(): void } {
  let open = (): void => undefined;
  let refuse = (): void => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    refuse = () => reject(new Error('not what the archive held'));
  });
  promise.catch(() => undefined);
  return { promise, open, refuse };
}

/** The memory store, answering `/early.js` provisionally when asked for early, pending the current gate. */
class ProvisionalStore extends MemoryPackageStore {
  current = gate();
  readonly asked: Array<{ path: string; early: boolean }> = [];
  override async file(ref: PackageRef, version: string, filePath: string, options?: { early?: boolean }): Promise<StoredFile | null> {
    this.asked.push({ path: filePath, early: options?.early === true });
    const stored = await super.file(ref, version, filePath);
    if (!stored || filePath !== '/early.js' || !options?.early) return stored;
    return { ...stored, diskPath: '/nonexistent/blob', content: BODY, pending: this.current.promise };
  }
}

let t: ListeningTestApp;
let app: FastifyInstance;
let store: ProvisionalStore;
let base: string;

before(async () => {
  store = new ProvisionalStore([
    {
      ref: { type: 'npm', name: 'early-lib' },
      tags: { latest: '1.0.0' },
      versions: { '1.0.0': { files: { '/early.js': BODY, '/other.js': 'export {};\n' } } },
    },
  ]);
  t = await listenTestApp(store);
  ({ app, base } = t);
});
after(() => t.close());

/** A GET over a socket: the response head, what arrived so far, and how the body ended. */
function get(path: string, headers: Record<string, string> = {}) {
  const received: Buffer[] = [];
  let outcome: 'complete' | 'cut' | null = null;
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers, agent: false }, (res) => {
        res.on('data', (chunk: Buffer) => received.push(chunk));
        res.on('end', () => (outcome ??= 'complete'));
        res.on('aborted', () => (outcome = 'cut'));
        res.on('error', () => (outcome = 'cut'));
        res.on('close', () => (outcome ??= res.complete ? 'complete' : 'cut'));
        resolve(res);
      })
      .on('error', reject);
  });
  return { response, received: () => Buffer.concat(received), outcome: () => outcome };
}

test('a provisional file is answered at once but for its last bytes, which follow its confirmation', async () => {
  store.current = gate();
  const request = get('/npm/early-lib@1.0.0/early.js');
  const response = await request.response;
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-length'], String(BODY.length));
  assert.ok(response.headers['etag']);
  await delay(100);
  const before = request.received();
  assert.ok(before.length > 0 && before.length < BODY.length, `${before.length} of ${BODY.length} bytes before the confirmation`);
  assert.deepEqual(before, BODY.subarray(0, before.length));
  assert.equal(request.outcome(), null);
  store.current.open();
  await delay(100);
  assert.equal(request.outcome(), 'complete');
  assert.deepEqual(request.received(), BODY);
});

test('a provisional file whose version is not confirmed is cut short of its length', async () => {
  store.current = gate();
  const request = get('/npm/early-lib@1.0.0/early.js');
  assert.equal((await request.response).statusCode, 200);
  await delay(50);
  store.current.refuse();
  await delay(100);
  assert.equal(request.outcome(), 'cut');
  assert.ok(request.received().length < BODY.length);
});

test('a range, a conditional request and HEAD, complete as soon as sent, do not take an early file', async () => {
  for (const [method, headers] of [
    ['GET', { range: 'bytes=0-9' }],
    ['GET', { 'if-none-match': '"something else"' }],
    ['HEAD', {}],
  ] as const) {
    store.asked.length = 0;
    const answer = await app.inject({ method, url: '/npm/early-lib@1.0.0/early.js', headers });
    assert.ok([200, 206].includes(answer.statusCode));
    assert.deepEqual(store.asked, [{ path: '/early.js', early: false }], `${method} ${JSON.stringify(headers)}`);
  }
});

test('a combined file is made of confirmed files only', async () => {
  store.asked.length = 0;
  const combined = await app.inject('/combine/npm/early-lib@1.0.0/early.js,npm/early-lib@1.0.0/other.js');
  assert.equal(combined.statusCode, 200);
  assert.ok(store.asked.length > 0);
  assert.ok(store.asked.every((call) => !call.early));
});

/**
 * A response cut off by its client must not take a descriptor another response still reads from. Node's
 * fs.ReadStream closes the descriptor it reads when it is destroyed, even one it was given with
 * `autoClose: false`: a descriptor kept open for later responses was closed that way when a client went away
 * mid-body, its number was then reused by the next file, pipe or socket the process opened, and the next
 * response for the first file read those instead (`ESPIPE: invalid seek`, or another file's bytes with a 200).
 * These tests go through a real socket, in the process that holds the descriptors, so that the numbers a
 * cut-off response frees are the ones the decoys take.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { until } from '../../testing/until.ts';
import { buildTestApp, type TestApp } from '../testing/testApp.ts';

/** Far larger than the memory cache takes a file and than loopback's socket buffers hold, so a paused client stops the read mid-file. */
const BIG = crypto.randomBytes(12 * 1024 * 1024);
const URL_PATH = '/npm/fd-pkg@1.0.0/big.bin';

let t: TestApp;
let app: FastifyInstance;
let base: string;

before(async () => {
  const store = new MemoryPackageStore([
    { ref: { type: 'npm', name: 'fd-pkg' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/big.bin': BIG } } } },
  ]);
  t = await buildTestApp(store);
  app = t.app;
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
after(async () => {
  await app.close();
  await t.log.close();
});

const openDescriptors = (): number => fs.readdirSync('/proc/self/fd').length;

/**
 * The descriptors a response can hold: sockets, and files of the served file's size. Others the process opens
 * meanwhile on its own (a log's, a worker's pipes) are not the response's to release.
 */
function responseDescriptors(): number {
  let count = 0;
  for (const entry of fs.readdirSync('/proc/self/fd')) {
    const link = `/proc/self/fd/${entry}`;
    try {
      if (fs.readlinkSync(link).startsWith('socket:')) count++;
      else if (fs.statSync(link).size === BIG.length) count++;
    } catch {
      // Closed between the listing and the look: released.
    }
  }
  return count;
}
const sha = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

function getWhole(urlPath: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Reads the headers and the first chunk of the body, then goes away with the rest unread. */
function getAndHangUp(urlPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${urlPath}`, { agent: false }, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

test('a client that hangs up mid-body leaves every later response of that file whole', async () => {
  const first = await getWhole(URL_PATH);
  assert.equal(first.status, 200);
  assert.equal(sha(first.body), sha(BIG));

  const decoyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-decoys-'));
  const decoys: number[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      const idle = responseDescriptors();
      await getAndHangUp(URL_PATH);
      // The server lets go of what the cut-off response held: its socket and whatever it read the file with.
      await until(() => responseDescriptors() <= idle, {
        message: () => `the cut-off response to release its descriptors (${responseDescriptors()} held, ${idle} before)`,
        intervalMs: 10,
      });
      // Take the numbers it freed with files of the same size and other bytes, as the next pipe or file would.
      for (let i = 0; i < 4; i++) {
        const decoy = path.join(decoyDir, `decoy-${round}-${i}`);
        fs.writeFileSync(decoy, Buffer.alloc(BIG.length, 0x2a + i));
        decoys.push(fs.openSync(decoy, 'r'));
      }
      const again = await getWhole(URL_PATH);
      assert.equal(again.status, 200, `round ${round}: status`);
      assert.equal(again.body.length, BIG.length, `round ${round}: length`);
      assert.equal(sha(again.body), sha(BIG), `round ${round}: the file's own bytes, not another descriptor's`);
    }
  } finally {
    for (const fd of decoys) fs.closeSync(fd);
    fs.rmSync(decoyDir, { recursive: true, force: true });
  }
});

test('descriptors opened for responses are all closed once the responses end or are cut off', async () => {
  const idle = openDescriptors();
  await Promise.all([getWhole(URL_PATH), getAndHangUp(URL_PATH), getWhole(URL_PATH), getAndHangUp(URL_PATH)]);
  await until(() => openDescriptors() <= idle, { message: `descriptors back to ${idle} (now ${openDescriptors()})`, intervalMs: 10 });
});

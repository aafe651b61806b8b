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
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { until } from '../../testing/until.ts';
import { listenTestApp, type ListeningTestApp } from '../testing/testApp.ts';

/** Far larger than the memory cache takes a file and than loopback's socket buffers hold, so a paused client stops the read mid-file. */
const BIG = crypto.randomBytes(12 * 1024 * 1024);
const URL_PATH = '/npm/fd-pkg@1.0.0/big.bin';

let t: ListeningTestApp;
let base: string;

before(async () => {
  const store = new MemoryPackageStore([
    { ref: { type: 'npm', name: 'fd-pkg' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/big.bin': BIG } } } },
  ]);
  t = await listenTestApp(store);
  base = t.base;
});
after(() => t.close());

/** The inodes of the loopback TCP sockets with this port at either end, and the states of their connections. */
function connectionSockets(port: number): { inodes: Set<string>; states: string[] } {
  const inodes = new Set<string>();
  const states: string[] = [];
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    let rows: string[];
    try {
      rows = fs.readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const row of rows) {
      const fields = row.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const [local, remote, state, inode] = [fields[1]!, fields[2]!, fields[3]!, fields[9]!];
      if (local.endsWith(`:${hex}`) || remote.endsWith(`:${hex}`)) {
        states.push(`${local}->${remote} state ${state} queues ${fields[4]}`);
        if (inode !== '0') inodes.add(inode);
      }
    }
  }
  return { inodes, states };
}

/**
 * What a cut-off response may still hold in this process: the sockets of its own connection (both ends, the client
 * being in this process too) and files of the served file's size other than the decoys the test opened itself.
 * Descriptors the process opens meanwhile for its own reasons are not the response's to release.
 */
function heldByResponse(clientPort: number, decoys: readonly number[]): string[] {
  const { inodes, states } = connectionSockets(clientPort);
  const held: string[] = [];
  for (const entry of fs.readdirSync('/proc/self/fd')) {
    const link = `/proc/self/fd/${entry}`;
    try {
      const target = fs.readlinkSync(link);
      const socket = /^socket:\[(\d+)\]$/.exec(target);
      if (socket) {
        if (inodes.has(socket[1]!)) held.push(`${entry} ${target} (${states.join('; ')})`);
      } else if (!decoys.includes(Number(entry)) && fs.statSync(link).size === BIG.length) held.push(`${entry} ${target}`);
    } catch {
      // Closed between the listing and the look: released.
    }
  }
  return held;
}
const sha = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

function getWhole(urlPath: string): Promise<{ status: number; body: Buffer; port: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), port: response.socket.localPort ?? 0 }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Reads the headers and the first chunk of the body, then goes away with the rest unread; resolves to the client's port. */
function getAndHangUp(urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${urlPath}`, { agent: false }, (response) => {
      response.once('data', () => {
        const port = response.socket.localPort ?? 0;
        request.destroy();
        resolve(port);
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
      const clientPort = await getAndHangUp(URL_PATH);
      // The server lets go of what the cut-off response held: its connection's socket and whatever it read the file with.
      await until(() => heldByResponse(clientPort, decoys).length === 0, {
        message: () => `the cut-off response to release its descriptors (still held: ${heldByResponse(clientPort, decoys).join(', ')})`,
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
  const answers = await Promise.all([getWhole(URL_PATH), getAndHangUp(URL_PATH), getWhole(URL_PATH), getAndHangUp(URL_PATH)]);
  const ports = answers.map((answer) => (typeof answer === 'number' ? answer : answer.port));
  const held = (): string[] => [...new Set(ports.flatMap((port) => heldByResponse(port, [])))];
  await until(() => held().length === 0, { message: () => `every response's descriptors closed (still held: ${held().join(', ')})`, intervalMs: 10 });
});

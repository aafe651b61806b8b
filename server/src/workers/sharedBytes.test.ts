/** Bytes in shared memory: put together in order, and handed to another thread as they are, not copied. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MessageChannel } from 'node:worker_threads';
import { sharedBytes } from './sharedBytes.ts';

test('chunks are put together in order, in shared memory of their own', () => {
  const bytes = sharedBytes([Buffer.from('one '), Buffer.from('two '), new Uint8Array(0), Buffer.from('three')]);
  assert.equal(bytes.toString(), 'one two three');
  assert.ok(bytes.buffer instanceof SharedArrayBuffer);
  assert.equal(bytes.buffer.byteLength, 13);
  assert.equal(sharedBytes([]).length, 0);
});

test('posted to another thread, they are the same memory there', async () => {
  const bytes = sharedBytes([Buffer.from('hello')]);
  const { port1, port2 } = new MessageChannel();
  const received = new Promise<Uint8Array>((resolve) => port2.once('message', resolve));
  port1.postMessage(bytes);
  const there = await received;
  port1.close();
  port2.close();
  there[0] = 'j'.charCodeAt(0);
  assert.equal(bytes.toString(), 'jello');
});

test('bytes are made while the global is missing (a page emulated in this process)', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'SharedArrayBuffer')!;
  Reflect.deleteProperty(globalThis, 'SharedArrayBuffer');
  try {
    const bytes = sharedBytes([Buffer.from('still shared')]);
    assert.equal(bytes.toString(), 'still shared');
    assert.ok(bytes.buffer instanceof saved.value);
  } finally {
    Object.defineProperty(globalThis, 'SharedArrayBuffer', saved);
  }
});

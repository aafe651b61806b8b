import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RequestLogWriter } from './writer.ts';
import { listLogFiles, readLogLines } from './reader.ts';
import type { RequestLogLine } from './line.ts';

function line(t: string, file: string): RequestLogLine {
  return { v: 1, t, type: 'npm', name: 'left-pad', version: '1.3.0', kind: 'version', file, status: 200, bytes: 10, provider: 'CF', country: 'DE', ua: 'test', proxy: null };
}

async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'requestlog-'));
}

test('close() writes every appended line, one JSON object per line, into the file of its UTC day', async () => {
  const dir = await tempDir();
  const writer = new RequestLogWriter({ dir, flushIntervalMs: 60_000 });
  writer.append(line('2026-11-20T23:59:59.999Z', '/a.js'));
  writer.append(line('2026-11-21T00:00:00.000Z', '/b.js'));
  writer.append(line('2026-11-21T00:00:01.000Z', '/c.js'));
  await writer.close();
  const files = await listLogFiles(dir);
  assert.deepEqual(files.map((f) => f.day), ['2026-11-20', '2026-11-21']);
  const first = await readLogLines(files[0]!.file, 0);
  assert.deepEqual(first.lines.map((l) => l.file), ['/a.js']);
  const second = await readLogLines(files[1]!.file, 0);
  assert.deepEqual(second.lines.map((l) => l.file), ['/b.js', '/c.js']);
  assert.equal(second.lines[0]!.country, 'DE');
});

test('lines are flushed by the timer without closing the writer', async () => {
  const dir = await tempDir();
  const writer = new RequestLogWriter({ dir, flushIntervalMs: 20 });
  writer.append(line('2026-11-21T10:00:00.000Z', '/timer.js'));
  const file = path.join(dir, '2026-11-21.ndjson');
  let text = '';
  for (let i = 0; i < 100 && !text; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    text = await fs.readFile(file, 'utf8').catch(() => '');
  }
  assert.match(text, /"file":"\/timer\.js"/);
  await writer.close();
});

test('the reader resumes from the returned position and leaves a line without newline for later', async () => {
  const dir = await tempDir();
  const file = path.join(dir, '2026-11-21.ndjson');
  const a = JSON.stringify(line('2026-11-21T01:00:00.000Z', '/a.js'));
  const b = JSON.stringify(line('2026-11-21T01:00:01.000Z', '/ü.js'));
  const c = JSON.stringify(line('2026-11-21T01:00:02.000Z', '/c.js'));
  await fs.writeFile(file, `${a}\n${b}\n${c.slice(0, 20)}`);
  const first = await readLogLines(file, 0);
  assert.deepEqual(first.lines.map((l) => l.file), ['/a.js', '/ü.js']);
  assert.equal(first.next, Buffer.byteLength(`${a}\n${b}\n`));
  const none = await readLogLines(file, first.next);
  assert.deepEqual(none, { lines: [], next: first.next });
  await fs.appendFile(file, `${c.slice(20)}\n`);
  const rest = await readLogLines(file, first.next);
  assert.deepEqual(rest.lines.map((l) => l.file), ['/c.js']);
  const fromMiddle = await readLogLines(file, Buffer.byteLength(`${a}\n`));
  assert.deepEqual(fromMiddle.lines.map((l) => l.file), ['/ü.js', '/c.js']);
});

test('a small byte budget returns whole lines only and the position to continue from', async () => {
  const dir = await tempDir();
  const file = path.join(dir, '2026-11-21.ndjson');
  const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify(line('2026-11-21T02:00:00.000Z', `/f${i}.js`)));
  await fs.writeFile(file, lines.map((l) => `${l}\n`).join(''));
  const seen: string[] = [];
  let position = 0;
  for (let round = 0; round < 100; round++) {
    const result = await readLogLines(file, position, { maxBytes: 500 });
    if (result.lines.length === 0) break;
    seen.push(...result.lines.map((l) => l.file ?? ''));
    position = result.next;
  }
  assert.equal(seen.length, 50);
  assert.equal(seen[49], '/f49.js');
});

test('a missing day file reads as empty', async () => {
  const dir = await tempDir();
  assert.deepEqual(await readLogLines(path.join(dir, 'nope.ndjson'), 0), { lines: [], next: 0 });
});

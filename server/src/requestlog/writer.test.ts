import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { RequestLogWriter } from './writer.ts';
import { listLogFiles, readLogBatch } from './reader.ts';
import type { RequestLogLine } from './line.ts';
import { until } from '../testing/until.ts';
import { temporaryFolder } from '../testing/temporaryFolder.ts';

function line(t: string, file: string): RequestLogLine {
  return {
    v: 1,
    t,
    type: 'npm',
    name: 'left-pad',
    version: '1.3.0',
    kind: 'version',
    file,
    status: 200,
    bytes: 10,
    provider: 'CF',
    country: 'DE',
    ua: 'test',
    proxy: null,
  };
}

async function tempDir(): Promise<string> {
  return temporaryFolder('requestlog');
}

test('close() writes every appended line, one JSON object per line, into the file of its UTC day', async () => {
  const dir = await tempDir();
  const writer = new RequestLogWriter({ dir, flushIntervalMs: 60_000 });
  writer.append(line('2026-11-20T23:59:59.999Z', '/a.js'));
  writer.append(line('2026-11-21T00:00:00.000Z', '/b.js'));
  writer.append(line('2026-11-21T00:00:01.000Z', '/c.js'));
  await writer.close();
  assert.deepEqual(await listLogFiles(dir), ['2026-11-20.ndjson', '2026-11-21.ndjson']);
  const batch = await readLogBatch(dir, new Map(), 100);
  assert.deepEqual(
    batch.linesPerFile,
    new Map([
      ['2026-11-20.ndjson', 1],
      ['2026-11-21.ndjson', 2],
    ]),
  );
  assert.deepEqual(
    batch.lines.map((l) => l.file),
    ['/a.js', '/b.js', '/c.js'],
  );
  assert.equal(batch.lines[1]!.country, 'DE');
});

test('lines are flushed by the timer without closing the writer', async () => {
  const dir = await tempDir();
  const writer = new RequestLogWriter({ dir, flushIntervalMs: 20 });
  writer.append(line('2026-11-21T10:00:00.000Z', '/timer.js'));
  const file = path.join(dir, '2026-11-21.ndjson');
  const text = await until(async () => (await fs.readFile(file, 'utf8').catch(() => '')) || false, {
    message: 'the timer to flush the line',
    timeoutMs: 2_000,
    intervalMs: 20,
  });
  assert.match(text, /"file":"\/timer\.js"/);
  await writer.close();
});

test('the reader resumes from the saved offsets and leaves a line without newline for later', async () => {
  const dir = await tempDir();
  const name = '2026-11-21.ndjson';
  const file = path.join(dir, name);
  const a = JSON.stringify(line('2026-11-21T01:00:00.000Z', '/a.js'));
  const b = JSON.stringify(line('2026-11-21T01:00:01.000Z', '/ü.js'));
  const c = JSON.stringify(line('2026-11-21T01:00:02.000Z', '/c.js'));
  await fs.writeFile(file, `${a}\n${b}\n${c.slice(0, 20)}`);
  const first = await readLogBatch(dir, new Map(), 100);
  assert.deepEqual(
    first.lines.map((l) => l.file),
    ['/a.js', '/ü.js'],
  );
  assert.equal(first.offsets.get(name), Buffer.byteLength(`${a}\n${b}\n`));
  const none = await readLogBatch(dir, first.offsets, 100);
  assert.deepEqual(none.lines, []);
  assert.equal(none.offsets.size, 0);
  await fs.appendFile(file, `${c.slice(20)}\n`);
  const rest = await readLogBatch(dir, first.offsets, 100);
  assert.deepEqual(
    rest.lines.map((l) => l.file),
    ['/c.js'],
  );
  const fromMiddle = await readLogBatch(dir, new Map([[name, Buffer.byteLength(`${a}\n`)]]), 100);
  assert.deepEqual(
    fromMiddle.lines.map((l) => l.file),
    ['/ü.js', '/c.js'],
  );
});

test('a line budget returns whole lines only and the offsets to continue from', async () => {
  const dir = await tempDir();
  const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify(line('2026-11-21T02:00:00.000Z', `/f${i}.js`)));
  await fs.writeFile(path.join(dir, '2026-11-21.ndjson'), lines.map((l) => `${l}\n`).join(''));
  const seen: string[] = [];
  let offsets = new Map<string, number>();
  for (let round = 0; round < 100; round++) {
    const batch = await readLogBatch(dir, offsets, 7);
    if (batch.lines.length === 0) break;
    assert.ok(batch.lines.length <= 7);
    seen.push(...batch.lines.map((l) => l.file ?? ''));
    offsets = new Map([...offsets, ...batch.offsets]);
  }
  assert.equal(seen.length, 50);
  assert.equal(seen[49], '/f49.js');
});

test('a damaged line is skipped but consumed, so it cannot stop the statistics', async () => {
  const dir = await tempDir();
  const good = JSON.stringify(line('2026-11-21T03:00:00.000Z', '/ok.js'));
  await fs.writeFile(path.join(dir, '2026-11-21.ndjson'), `{not json\n${good}\n{"t":"x"}\n`);
  const batch = await readLogBatch(dir, new Map(), 100);
  assert.deepEqual(
    batch.lines.map((l) => l.file),
    ['/ok.js'],
  );
  assert.equal(batch.skipped, 2);
});

test('an empty or missing log folder reads as empty', async () => {
  const dir = await tempDir();
  assert.deepEqual((await readLogBatch(path.join(dir, 'nope'), new Map(), 10)).lines, []);
});

test('while the disk refuses the writes, lines wait up to a bound; the lines dropped past it are reported once writing works again', async () => {
  const dir = await tempDir();
  const blocked = path.join(dir, 'blocked');
  await fs.writeFile(blocked, 'a file where the log folder should be');
  const errors: unknown[] = [];
  const dropped: number[] = [];
  const writer = new RequestLogWriter({
    dir: path.join(blocked, 'log'),
    flushIntervalMs: 60_000,
    maxPendingLines: 3,
    onError: (e) => errors.push(e),
    onDropped: (n) => dropped.push(n),
  });
  for (const file of ['/1.js', '/2.js', '/3.js', '/4.js', '/5.js']) writer.append(line('2026-11-21T00:00:00.000Z', file));
  await writer.flush();
  assert.equal(errors.length, 1);
  assert.deepEqual(dropped, []);
  await fs.rm(blocked);
  await writer.close();
  assert.deepEqual(dropped, [2]);
  const batch = await readLogBatch(path.join(blocked, 'log'), new Map(), 100);
  assert.deepEqual(
    batch.lines.map((l) => l.file),
    ['/1.js', '/2.js', '/3.js'],
  );
});

/** Which answers come from memory, and that what memory holds is the file's bytes. */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { HotFiles } from './hotFiles.ts';

let dir: string;
before(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hot-files-'));
});
after(() => fs.rm(dir, { recursive: true, force: true }));

async function file(name: string, size: number): Promise<string> {
  const full = path.join(dir, name);
  await fs.writeFile(full, Buffer.alloc(size, name.charCodeAt(0)));
  return full;
}

test('small files are kept from their first answer, large ones from their second, the largest never', async () => {
  const hot = new HotFiles({ keptAtOnceBytes: 1024, maxFileBytes: 64 * 1024 });
  assert.equal(hot.keeps(await file('small', 1000), 1000), true);
  const large = await file('large', 10_000);
  assert.equal(hot.keeps(large, 10_000), false, 'streamed from disk the first time');
  assert.equal(hot.keeps(large, 10_000), true, 'kept when asked for again');
  const largest = await file('largest', 100_000);
  assert.equal(hot.keeps(largest, 100_000), false);
  assert.equal(hot.keeps(largest, 100_000), false);
});

test('a kept file is its bytes, read once for requests that ask at the same time', async () => {
  const hot = new HotFiles();
  const full = await file('read', 300_000);
  const reads = await Promise.all([hot.get(full, 300_000), hot.get(full, 300_000)]);
  assert.equal(reads[0], reads[1], 'one read');
  assert.deepEqual(reads[0], await fs.readFile(full));
  assert.equal(hot.peek(full), reads[0]);
});

test('a file shorter or longer than its index states is an error, not a short or wrong answer', async () => {
  const hot = new HotFiles();
  const short = await file('short', 100);
  await assert.rejects(hot.get(short, 200), { code: 'ESHORT', message: /has 100 bytes, not its 200/ });
  assert.equal(hot.peek(short), undefined);
  const long = await file('long', 300);
  await assert.rejects(hot.get(long, 200), { code: 'ESHORT', message: /has 300 bytes, not its 200/ });
  assert.equal(hot.peek(long), undefined);
});

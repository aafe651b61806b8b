import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { deadPid } from '../../testing/childProcesses.ts';
import { until } from '../../testing/until.ts';
import { estimateCacheBytes, publishTally } from './cacheTally.ts';
import { processUses, sweep } from './diskBudget.ts';
import { Maintenance } from './maintenance.ts';

const HOUR = 60 * 60_000;

/** A generated file (sidecar and one part) of `bytes` in all, last used an hour ago. */
function addGenerated(dir: string, name: string, bytes: number): void {
  fs.mkdirSync(dir, { recursive: true });
  const sidecar = path.join(dir, `${name}.json`);
  const part = path.join(dir, `${name}.code`);
  fs.writeFileSync(sidecar, '{}');
  fs.writeFileSync(part, 'x'.repeat(bytes - 2));
  const old = new Date(Date.now() - HOUR);
  for (const file of [sidecar, part]) fs.utimesSync(file, old, old);
}

test('how full the cache is comes from the last sweep and what each process wrote since, without a scan', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-'));
  try {
    fs.mkdirSync(path.join(root, 'documents'));
    fs.writeFileSync(path.join(root, 'documents', 'react.json'), 'd'.repeat(4000));
    assert.equal(await estimateCacheBytes(root), null, 'before any sweep there is no estimate');

    await sweep({ root, generatedDirs: [], budgetBytes: 1_000_000 });
    assert.equal((await estimateCacheBytes(root))?.bytes, 4000);
    // This process wrote 1,000 bytes since it started, none of which the sweep's record holds.
    await publishTally(root, 1000);
    assert.equal((await estimateCacheBytes(root))?.bytes, 5000);

    // The next sweep measures the disk (where those bytes are not: nothing was written but the tally) and
    // remembers the tally it read: only what is written after counts on top of its measure.
    await sweep({ root, generatedDirs: [], budgetBytes: 1_000_000 });
    assert.equal((await estimateCacheBytes(root))?.bytes, 4000);
    await publishTally(root, 1500);
    assert.equal((await estimateCacheBytes(root))?.bytes, 4500);

    // A process that died counts until the next sweep measures what it left, and its tally goes.
    const dead = path.join(root, 'tally', String(deadPid()));
    fs.writeFileSync(dead, '7000');
    assert.equal((await estimateCacheBytes(root))?.bytes, 11_500);
    await sweep({ root, generatedDirs: [], budgetBytes: 1_000_000 });
    assert.equal(fs.existsSync(dead), false);
    assert.equal((await estimateCacheBytes(root))?.bytes, 4000);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the budget keeper sweeps when writes take the cache over 90 % of its budget, down to 75 %, and not while it is under', async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-upkeep-'));
  const root = path.join(base, 'packages');
  const generated = path.join(base, 'generated');
  fs.mkdirSync(root);
  const errors: unknown[] = [];
  const metrics = new Registry();
  const maintenance = new Maintenance({
    root,
    budgetBytes: 100_000,
    budget: { generatedDirs: [generated] },
    host: { log: { error: (fields) => errors.push(fields) }, metrics },
  });
  const metric = async (name: string): Promise<number> => (await metrics.getSingleMetric(name)?.get())?.values[0]?.value ?? 0;
  const record = (): { atMs: number; bytes: number } | null => {
    try {
      return JSON.parse(fs.readFileSync(path.join(root, 'sweep.json'), 'utf8')) as { atMs: number; bytes: number };
    } catch {
      return null;
    }
  };
  const tally = (): string => fs.readFileSync(path.join(root, 'tally', String(process.pid)), 'utf8');
  try {
    // 95 kB arrive: over 90 % of the budget, so the write wakes a sweep at once (not at the next 10 s tick).
    for (let i = 0; i < 19; i++) addGenerated(generated, `g${i}`, 5000);
    processUses.wrote(95_000);
    const first = await until(() => record(), { message: 'a sweep after 95 kB arrived', timeoutMs: 5000 });
    assert.ok(first.bytes <= 75_000, `swept down to 75 % of the budget, not ${first.bytes}`);
    assert.ok(first.bytes > 65_000, 'and no further than it had to');
    // Generated files of 5 kB each, sidecar and part: what went is on /metrics, with the cache's measure.
    await until(async () => (await metric('skylift_file_cache_sweeps_total')) === 1, { message: 'the sweep counted', timeoutMs: 5000 });
    assert.equal(await metric('skylift_file_cache_removed_files_total'), 2 * Math.ceil((95_000 - first.bytes) / 5000));
    assert.equal(await metric('skylift_file_cache_bytes'), first.bytes);
    assert.equal(await metric('skylift_file_cache_budget_bytes'), 100_000);

    // 5 kB more: about 80 %, under the start of a sweep. The tally shows the write was looked at; the next write's
    // tally shows that look is over (the upkeep's steps run one after another), and no scan ran.
    addGenerated(generated, 'g-more', 5000);
    processUses.wrote(5000);
    await until(() => tally() === '100000', { message: 'the tally published', timeoutMs: 5000 });
    addGenerated(generated, 'g-next', 2000);
    processUses.wrote(2000);
    await until(() => tally() === '102000', { message: 'the next tally published', timeoutMs: 5000 });
    assert.equal(record()?.atMs, first.atMs, 'no sweep while the estimate is under 90 % of the budget');

    // 25 kB more: the estimate passes 90 %, and a sweep follows.
    for (let i = 0; i < 5; i++) addGenerated(generated, `h${i}`, 5000);
    processUses.wrote(25_000);
    const second = await until(() => (record()?.atMs !== first.atMs ? record() : null), { message: 'a second sweep', timeoutMs: 5000 });
    assert.ok(second.bytes <= 75_000);
    assert.deepEqual(errors, []);
  } finally {
    await maintenance.close();
    fs.rmSync(base, { recursive: true, force: true });
  }
});

test('a sweep leaves room for what the processes write during a sweep, at the rate they wrote since the last one', async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-room-'));
  const root = path.join(base, 'packages');
  const generated = path.join(base, 'generated');
  fs.mkdirSync(root);
  try {
    // 95 kB of old generated files against a budget of 100 kB: over the 90 % where sweeps start.
    const fill = (): void => {
      for (let i = 0; i < 19; i++) addGenerated(generated, `g${i}`, 5000);
    };
    fill();
    const calm = await sweep({ root, generatedDirs: [generated], budgetBytes: 100_000 });
    assert.equal(calm.after, 75_000, 'with nothing written since the last sweep, down to 75 %');

    // The last sweep took 10 s, and this process wrote 20 kB in the 10 s since it began: 20 kB are expected
    // during the next one too, and the sweep makes room for twice that below 90 %.
    fill();
    fs.writeFileSync(
      path.join(root, 'sweep.json'),
      JSON.stringify({ atMs: Date.now() - 10_000, bytes: 75_000, seen: { [process.pid]: 0 }, durationMs: 10_000 }),
    );
    await publishTally(root, 20_000);
    const busy = await sweep({ root, generatedDirs: [generated], budgetBytes: 100_000 });
    assert.ok(busy.after <= 50_000, `down to 90 % less twice 20 kB, not ${busy.after}`);
    assert.ok(busy.after >= 45_000, 'and no further');
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});

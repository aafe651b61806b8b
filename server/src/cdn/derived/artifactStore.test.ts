/**
 * The records of generated files a CDN process keeps in memory stay within their share of the memory for caches
 * however many files are looked up, and a record let go costs a read of its sidecar, never a build.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';
import { ArtifactStore } from './artifactStore.ts';

test('the records in memory stay within their budget, and one let go is read back from disk without building again', async () => {
  const budget = 16 * 1024;
  const store = new ArtifactStore({ dir: temporaryFolder('artifact-store'), maxMemoryBytes: budget });
  let builds = 0;
  const build = (i: number) => async () => {
    builds++;
    return { min: Buffer.from(`minified ${i}`), map: Buffer.from(`{"map":${i}}`) };
  };
  for (let i = 0; i < 200; i++) await store.get('min', `/npm/pkg@1.0.0/file-${i}.js`, build(i));
  assert.equal(builds, 200);
  const { bytes, budgetBytes } = store.memoryBytes();
  assert.equal(budgetBytes, budget);
  // 200 records of two parts take about 100 kB: the budget holds the most recent ones only.
  assert.ok(bytes > budget / 2 && bytes <= budget, `${bytes} of ${budget}`);
  const first = await store.get('min', '/npm/pkg@1.0.0/file-0.js', build(0));
  assert.equal(builds, 200, 'the first record, let go, is read back from its sidecar');
  assert.equal(first['min']!.size, 'minified 0'.length);
});

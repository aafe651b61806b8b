import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Registry } from 'prom-client';
import { memoryCacheGauges } from './memoryCaches.ts';
import { scrapedGauge } from './scrapedGauge.ts';

test('a scraped gauge shows the series read at each scrape, and none that are gone by then', async () => {
  const registry = new Registry();
  let series: Array<[string, number]> = [
    ['a', 1],
    ['b', 2],
  ];
  scrapedGauge(registry, { name: 'things', help: 'Things.', label: 'kind', read: () => series });
  assert.match(await registry.metrics(), /^things\{kind="a"\} 1\nthings\{kind="b"\} 2$/m);
  series = [['b', 5]];
  const text = await registry.metrics();
  assert.match(text, /^things\{kind="b"\} 5$/m);
  assert.doesNotMatch(text, /kind="a"/);
});

test("each in-memory cache's bytes and budget are on /metrics, summed from every source that registered", async () => {
  const registry = new Registry();
  const caches = memoryCacheGauges(registry);
  caches.add(() => [{ cache: 'versions', bytes: 10, budgetBytes: 100 }]);
  caches.add(() => [{ cache: 'hot_files', bytes: 20, budgetBytes: 200 }]);
  const text = await registry.metrics();
  assert.match(text, /^skylift_memory_cache_bytes\{cache="versions"\} 10$/m);
  assert.match(text, /^skylift_memory_cache_bytes\{cache="hot_files"\} 20$/m);
  assert.match(text, /^skylift_memory_cache_budget_bytes\{cache="hot_files"\} 200$/m);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { processCount } from './processCounts.ts';

test('processes per service: one per core for the CDN, two for the others, each configurable', () => {
  assert.equal(processCount('cdn', {}, 6), 6);
  assert.equal(processCount('data', {}, 6), 2);
  assert.equal(processCount('search', { SKYLIFT_SEARCH_PROCESSES: '1' }, 6), 1);
  assert.equal(processCount('cdn', { SKYLIFT_CDN_WORKERS: '3' }, 6), 3, 'the older name still counts');
  assert.equal(processCount('cdn', { SKYLIFT_CDN_WORKERS: '3', SKYLIFT_CDN_PROCESSES: '4' }, 6), 4);
  for (const bad of ['0', '-1', '0x10', '2.5', 'Infinity', '65', 'two']) {
    assert.throws(() => processCount('data', { SKYLIFT_DATA_PROCESSES: bad }, 2), /SKYLIFT_DATA_PROCESSES must be a whole number from 1 to 64/, bad);
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MEMORY_CACHE_BYTES, machineMemoryCacheBytes } from './memoryCaches.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

test("the launcher's default shares a quarter of the machine's memory between the processes with caches", () => {
  // Two cores: two CDN and two data API processes.
  assert.equal(machineMemoryCacheBytes(4 * GB, 4), 256 * MB);
  assert.equal(machineMemoryCacheBytes(2 * GB, 4), 128 * MB);
  // Eight cores: eight CDN processes and two data API ones.
  assert.equal(machineMemoryCacheBytes(10 * GB, 10), 256 * MB);
});

test('a large machine gives each process the default of a process alone, and a tiny one still 16 MB', () => {
  assert.equal(machineMemoryCacheBytes(64 * GB, 4), DEFAULT_MEMORY_CACHE_BYTES);
  assert.equal(machineMemoryCacheBytes(256 * MB, 4), 16 * MB);
  assert.equal(machineMemoryCacheBytes(4 * GB, 0), DEFAULT_MEMORY_CACHE_BYTES, 'no process count: as for one');
});

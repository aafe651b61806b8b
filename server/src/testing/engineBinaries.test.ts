import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, beforeEach, test } from 'node:test';
import { findPostgresBin, findRedisServer, prepareEngines } from './engineBinaries.mjs';

const saved = { ...process.env };
const NAMES = ['PATH', 'SKYLIFT_TEST_REDIS_SERVER', 'SKYLIFT_TEST_POSTGRES_BIN', 'REDIS_TEST_URL', 'POSTGRES_TEST_URL'];
// The test runner hands every test file what it found: each test starts without it, as the runner itself does.
beforeEach(() => {
  for (const name of NAMES.slice(1)) delete process.env[name];
});
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const made: string[] = [];
after(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding the named files, executable unless listed in `plain`. */
function folderWith(names: string[], plain: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-binaries-'));
  made.push(dir);
  for (const name of [...names, ...plain]) fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: plain.includes(name) ? 0o644 : 0o755 });
  return dir;
}

test('redis-server is taken from PATH first, and a file that cannot be executed is passed over', () => {
  const notExecutable = folderWith([], ['redis-server']);
  const executable = folderWith(['redis-server']);
  process.env['PATH'] = [notExecutable, executable, saved['PATH']].join(path.delimiter);
  assert.equal(findRedisServer(), path.join(executable, 'redis-server'));
});

test('SKYLIFT_TEST_REDIS_SERVER and SKYLIFT_TEST_POSTGRES_BIN name the binaries outright, and only if they are there', () => {
  const redis = folderWith(['redis-server']);
  process.env['SKYLIFT_TEST_REDIS_SERVER'] = path.join(redis, 'redis-server');
  assert.equal(findRedisServer(), path.join(redis, 'redis-server'));
  process.env['SKYLIFT_TEST_REDIS_SERVER'] = path.join(redis, 'missing');
  assert.equal(findRedisServer(), undefined);

  process.env['SKYLIFT_TEST_POSTGRES_BIN'] = folderWith(['initdb', 'pg_ctl']);
  assert.equal(findPostgresBin(), process.env['SKYLIFT_TEST_POSTGRES_BIN']);
  process.env['SKYLIFT_TEST_POSTGRES_BIN'] = folderWith(['initdb']);
  assert.equal(findPostgresBin(), undefined, 'initdb without pg_ctl is not a server installation');
});

test('the runner hands the tests what it found, and nothing for an engine given by URL', () => {
  const redis = folderWith(['redis-server']);
  const postgres = folderWith(['initdb', 'pg_ctl']);
  process.env['SKYLIFT_TEST_REDIS_SERVER'] = path.join(redis, 'redis-server');
  process.env['SKYLIFT_TEST_POSTGRES_BIN'] = postgres;
  assert.deepEqual(prepareEngines({ redis: true, postgres: true }), {
    SKYLIFT_TEST_REDIS_SERVER: path.join(redis, 'redis-server'),
    SKYLIFT_TEST_POSTGRES_BIN: postgres,
  });
  assert.deepEqual(prepareEngines({ redis: false, postgres: true }), { SKYLIFT_TEST_POSTGRES_BIN: postgres }, 'only what the tests about to run need');
  process.env['REDIS_TEST_URL'] = 'redis://127.0.0.1:6379';
  process.env['POSTGRES_TEST_URL'] = 'postgres://postgres@127.0.0.1:5432/postgres';
  assert.deepEqual(prepareEngines({ redis: true, postgres: true }), {});
});

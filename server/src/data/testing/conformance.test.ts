import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config/config.ts';
import { buildDataApp } from '../app.ts';
import { ContractCheck } from './conformance.ts';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const check = new ContractCheck();
const answer = (url: string, statusCode: number, body: unknown) => ({ method: 'GET', url, statusCode, headers: json, body: JSON.stringify(body) });
const top = { type: 'npm', name: 'jquery', hits: 10, bandwidth: 20, prev: { hits: 5, bandwidth: 10 }, links: { self: 'x', versions: 'y' } };

test('an answer shaped as the contract says passes', () => {
  check.check(answer('/v1/stats/packages?period=month', 200, [top]));
  check.check(answer('/v1/stats/packages', 400, { status: 400, message: 'Invalid parameter value.' }));
});

test('a renamed, missing or retyped field fails, naming the path and the field', () => {
  const { hits: _hits, ...renamed } = top;
  assert.throws(
    () => check.check(answer('/v1/stats/packages', 200, [{ ...renamed, requests: 10 }])),
    /\/v1\/stats\/packages.*\/0 must have required property 'hits'/,
  );
  assert.throws(() => check.check(answer('/v1/stats/packages', 200, [{ ...top, hits: '10' }])), /\/0\/hits must be integer/);
});

test('an error the contract does not list for a path must still have the error shape', () => {
  check.check(answer('/v1/no/such/path', 404, { status: 404, message: 'Not found.' }));
  assert.throws(() => check.check(answer('/v1/no/such/path', 404, { error: 'Not found.' })), /must have required property 'status'/);
  assert.throws(() => check.check(answer('/v1/no/such/path', 200, {})), /has no path for \/v1\/no\/such\/path/);
});

test('a handler of the service that renames a field fails the check of the answer it gives', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-conformance-'));
  const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent' });
  const store = new MemoryPackageStore([
    { ref: { type: 'npm', name: 'lib' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/index.js': 'x' } } } },
  ]);
  const build = () => buildDataApp(config, { store, ingestIntervalMs: false, now: () => new Date('2026-02-01T12:00:00.000Z') });
  const inject = async (app: FastifyInstance, url: string) => {
    const response = await app.inject(url);
    return { method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body };
  };
  const faithful = await build();
  const renaming = await build();
  // What a handler returning `releases` instead of `versions` would send.
  renaming.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
    if (payload && typeof payload === 'object' && 'versions' in payload) {
      const { versions, ...rest } = payload as Record<string, unknown>;
      return { ...rest, releases: versions };
    }
    return payload;
  });
  try {
    const good = await inject(faithful, '/v1/packages/npm/lib');
    assert.equal(good.statusCode, 200);
    check.check(good);
    const renamed = await inject(renaming, '/v1/packages/npm/lib');
    assert.equal(renamed.statusCode, 200);
    assert.match(renamed.body, /"releases"/);
    assert.throws(() => check.check(renamed), /GET \/v1\/packages\/npm\/lib .*must have required property 'versions'/);
    // A parameter the contract refuses is answered in the contract's error shape.
    const refused = await inject(faithful, '/v1/packages/npm/lib@1.0.0?structure=nested');
    assert.equal(refused.statusCode, 400);
    check.check(refused);
  } finally {
    await faithful.close();
    await renaming.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

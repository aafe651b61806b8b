import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ContractCheck } from './conformance.ts';

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
  assert.throws(() => check.check(answer('/v1/stats/packages', 200, [{ ...renamed, requests: 10 }])), /\/v1\/stats\/packages.*\/0 must have required property 'hits'/);
  assert.throws(() => check.check(answer('/v1/stats/packages', 200, [{ ...top, hits: '10' }])), /\/0\/hits must be integer/);
});

test('an error the contract does not list for a path must still have the error shape', () => {
  check.check(answer('/v1/no/such/path', 404, { status: 404, message: 'Not found.' }));
  assert.throws(() => check.check(answer('/v1/no/such/path', 404, { error: 'Not found.' })), /must have required property 'status'/);
  assert.throws(() => check.check(answer('/v1/no/such/path', 200, {})), /has no path for \/v1\/no\/such\/path/);
});

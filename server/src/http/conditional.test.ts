import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { etagOf, ifNoneMatchAccepts, registerConditionalGet } from './conditional.ts';

test('If-None-Match: lists, `*` and weak comparison; nothing matches without the header', () => {
  const same = (tag: string) => tag === '"abc"';
  assert.equal(ifNoneMatchAccepts(undefined, same), false);
  assert.equal(ifNoneMatchAccepts('"other"', same), false);
  assert.equal(ifNoneMatchAccepts('"other", W/"abc"', same), true);
  assert.equal(ifNoneMatchAccepts(' "abc" ', same), true);
  assert.equal(ifNoneMatchAccepts('*', same), true);
});

test('a successful GET gets a weak ETag and a 304 when the client has it; errors and other methods get neither', async () => {
  const app = Fastify();
  registerConditionalGet(app);
  app.get('/ok', async () => ({ answer: 42 }));
  app.get('/missing', async (_request, reply) => reply.code(404).send({ status: 404, message: 'no' }));
  app.post('/ok', async () => ({ answer: 42 }));
  try {
    const first = await app.inject({ url: '/ok' });
    assert.equal(first.headers.etag, etagOf(first.body));
    assert.match(String(first.headers.etag), /^W\/"/);
    const again = await app.inject({ url: '/ok', headers: { 'if-none-match': `"x", ${String(first.headers.etag)}` } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal((await app.inject({ url: '/ok', headers: { 'if-none-match': 'W/"stale"' } })).statusCode, 200);
    const missing = await app.inject({ url: '/missing', headers: { 'if-none-match': '*' } });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers.etag, undefined);
    assert.equal((await app.inject({ method: 'POST', url: '/ok', headers: { 'if-none-match': '*' } })).statusCode, 200);
  } finally {
    await app.close();
  }
});

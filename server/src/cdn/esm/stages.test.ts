/**
 * Following a `+esm` request through the code: the stages it enters, as announced on the diagnostics channel
 * (`stages.ts`), each entered once for the request's build key, in order; a build it depends on (the full build
 * an `?exports` one is made from) is another key, through the same stages once.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import diagnosticsChannel from 'node:diagnostics_channel';
import { startEsmApp, type EsmApp } from './testing/esmApp.ts';
import { STAGE_CHANNEL, type StageEntered } from './stages.ts';

let esm: EsmApp;

before(async () => {
  esm = await startEsmApp();
});
after(() => esm.close());

/** The stages entered while `url` is answered. */
async function follow(url: string): Promise<StageEntered[]> {
  const entered: StageEntered[] = [];
  const listener = (message: unknown): void => void entered.push(message as StageEntered);
  diagnosticsChannel.subscribe(STAGE_CHANNEL, listener);
  try {
    const res = await esm.app.inject(url);
    assert.equal(res.statusCode, 200, res.body);
  } finally {
    diagnosticsChannel.unsubscribe(STAGE_CHANNEL, listener);
  }
  return entered;
}

function assertOncePerKey(entered: readonly StageEntered[]): void {
  const seen = new Set<string>();
  for (const { stage, url } of entered) {
    const id = `${stage} ${url}`;
    assert.ok(!seen.has(id), `${id} entered twice: ${JSON.stringify(entered)}`);
    seen.add(id);
  }
}

test('a first request goes serve, resolve, store, build, each once', async () => {
  const entered = await follow('/npm/jquery@3.7.1/+esm?v=1');
  assert.deepEqual(entered, [
    { stage: 'serve', url: '/npm/jquery@3.7.1/+esm?v=1' },
    { stage: 'resolve', url: '/npm/jquery@3.7.1/+esm/b1' },
    { stage: 'store', url: '/npm/jquery@3.7.1/+esm/b1' },
    { stage: 'build', url: '/npm/jquery@3.7.1/+esm/b1' },
  ]);
  const again = await follow('/npm/jquery@3.7.1/+esm/b1');
  assert.deepEqual(
    again.map((e) => e.stage),
    ['serve', 'resolve', 'store'],
    'a kept build is not built again',
  );
});

test('a build made from another enters each stage once per key: ?exports, another name of a file, a shared entry', async () => {
  const exports = await follow('/npm/dev-build-lib@1.0.0/+esm?exports=nameOf&dev');
  assertOncePerKey(exports);
  assert.deepEqual(
    exports.filter((e) => e.url === '/npm/dev-build-lib@1.0.0/+esm/b1?dev&exports=nameOf').map((e) => e.stage),
    ['resolve', 'store', 'build'],
  );
  assert.deepEqual(
    exports.filter((e) => e.url === '/npm/dev-build-lib@1.0.0/+esm/b1?dev').map((e) => e.stage),
    ['store', 'build'],
    'the full build it is made from',
  );
  for (const url of ['/npm/ol-like@1.0.0/Map/+esm', '/npm/@skylift-fixtures/angular-like@20.0.0/animations/+esm', '/npm/react-dom@18.3.1/client/+esm?bundle'])
    assertOncePerKey(await follow(url));
});

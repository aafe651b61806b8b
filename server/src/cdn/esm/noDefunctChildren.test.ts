/**
 * After `+esm` builds, minified files and the end of every thread the CDN started, no child of this
 * process is left defunct (`[esbuild] <defunct>` under the CDN's processes was the symptom): the builds'
 * esbuild is this thread's, and no worker thread starts an esbuild of its own.
 */
import assert from 'node:assert/strict';
import * as esbuild from 'esbuild';
import { test } from 'node:test';
import { createPackageStore } from '../../packages/index.ts';
import { startFixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../app.ts';
import { testConfig } from '../testing/testApp.ts';
import { defunctChildren, runningChildren, untilStartedChildrenEnd } from '../../testing/childProcesses.ts';

test('a few +esm builds and minified files, then the app closed: no defunct child process', async () => {
  // Threads copy this environment: a transformer in one of them could not use a cache from an earlier run.
  process.env['TSX_DISABLE_CACHE'] = '1';
  const before = defunctChildren();
  const running = runningChildren();
  const registry = await startFixtureRegistry();
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CDN_URL: 'http://cdn.test' });
  const store = await createPackageStore(config);
  const app = await buildCdnApp(config, { store, requestLog: false });
  try {
    for (const url of ['/npm/esm-only-lib@1.0.0/+esm', '/npm/esm-only-lib@1/+esm', '/npm/cjs-named@1/+esm', '/npm/tiny-lib@1/+esm']) {
      assert.ok((await app.inject(url)).statusCode < 500, url);
    }
    // A file the package does not minify itself: minified in the minifier's thread.
    assert.equal((await app.inject('/npm/esm-only-lib@1.0.0/src/math.min.js')).statusCode, 200);
  } finally {
    await app.close();
    await store.close();
    await registry.close();
    delete process.env['TSX_DISABLE_CACHE'];
  }
  // This thread's esbuild (the builds') is stopped and waited for by Node; a child a thread started ends when
  // its pipe closes, a moment after the thread, and nobody waits for it: every child started during the test
  // must be gone, not left defunct.
  await esbuild.stop();
  await untilStartedChildrenEnd(running, { reaped: true, timeoutMs: 5000 });
  assert.deepEqual(defunctChildren(), before);
});

/**
 * The CDN app the app tests share (`../app.test.ts`, what is served; `../httpAnswers.test.ts`, how it goes
 * out): the sample packages, plus a version over the size limit, a file larger than the memory cache takes,
 * and a package whose resolution fails upstream; with the cache lifetimes and headers every answer carries.
 */
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { PackageError } from '../../packages/types.ts';
import { SAMPLE_PACKAGES } from './samplePackages.ts';
import { buildTestApp, type TestApp } from './testApp.ts';

export const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
export const ALIAS = 'public, max-age=604800, s-maxage=43200';
export const BRANCH = 'public, max-age=43200, s-maxage=43200';
export const ERROR = 'public, max-age=60, s-maxage=60';

/** Larger than the memory cache takes a file (so it is streamed from disk), and not a repeating pattern a range could fake. */
export const LARGE = Buffer.from(Array.from({ length: 700 * 1024 }, (_, i) => (i * 7919) % 251));

export interface CdnFixture extends TestApp {
  store: MemoryPackageStore;
  get: (url: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export async function openCdnFixture(): Promise<CdnFixture> {
  const store = new MemoryPackageStore([
    ...SAMPLE_PACKAGES,
    { ref: { type: 'npm', name: 'huge-pkg' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/a.js': 'x' } } } },
    { ref: { type: 'npm', name: 'large-file' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/big.bin': LARGE } } } },
    { ref: { type: 'npm', name: 'flaky-pkg' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/a.js': 'x' } } } },
  ]);
  store.fetchFailures.set('huge-pkg', PackageError.sizeExceeded(50 * 1024 * 1024));
  store.resolveFailures.set('flaky-pkg', PackageError.upstreamFailed('flaky-pkg'));
  const t = await buildTestApp(store);
  return {
    ...t,
    store,
    get: (url, headers = {}) => t.app.inject({ method: 'GET', url, headers }),
    close: async () => {
      await t.app.close();
      await t.log.close();
    },
  };
}

/** The headers every answer of the CDN carries, success or error. */
export function assertCommonHeaders(res: LightMyRequestResponse, label: string): void {
  assert.equal(res.headers['access-control-allow-origin'], '*', `${label}: CORS`);
  assert.equal(res.headers['timing-allow-origin'], '*', `${label}: Timing-Allow-Origin`);
  assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin', `${label}: CORP`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', `${label}: nosniff`);
}

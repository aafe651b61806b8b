/**
 * Known advisories of an npm version through the data API, asked of the fixture registry's bulk advisory
 * endpoint on loopback: the count and list, none, a failing registry, a silent one, an oversized answer.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../config/config.ts';
import { BULK_ADVISORIES_PATH, startFixtureRegistry, type FixtureAdvisory, type FixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { buildDataApp } from '../app.ts';
import { ContractCheck } from '../testing/conformance.ts';
import { AdvisorySource, advisorySource } from './advisories.ts';

const TIMEOUT_MS = 400;

const ADVISORIES: FixtureAdvisory[] = [
  {
    id: 1001,
    url: 'https://advisories.example.test/1001',
    title: 'Prototype pollution in merge',
    severity: 'moderate',
    vulnerable_versions: '>=1.0.0 <1.1.5',
  },
  { id: 1002, url: 'https://advisories.example.test/1002', title: 'Code execution in template', severity: 'high', vulnerable_versions: '<1.2.0' },
  { id: 1003, url: 'https://advisories.example.test/1003', title: 'Only the betas', severity: 'low', vulnerable_versions: '>=2.0.0-0' },
];

const contract = new ContractCheck();
let registry: FixtureRegistry;
let app: FastifyInstance;
let config: Config;
let dir: string;

async function get(url: string) {
  const response = await app.inject(url);
  contract.check({ method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body });
  return response;
}

before(async () => {
  registry = await startFixtureRegistry({ advisories: { 'tiny-lib': ADVISORIES } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-advisories-'));
  config = loadConfig({
    SKYLIFT_DATA_DIR: dir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_LOG_LEVEL: 'silent',
    SKYLIFT_DATA_URL: 'http://data.test',
    SKYLIFT_UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  app = await buildDataApp(config, { ingestIntervalMs: false });
});
after(async () => {
  await app?.close();
  await registry?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /v1/packages/npm/{name}@{version}/advisories', () => {
  it('counts and lists the advisories of the version, most severe first, cached for an hour', async () => {
    const response = await get('/v1/packages/npm/tiny-lib@1.1.0/advisories');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      name: 'tiny-lib',
      version: '1.1.0',
      count: 2,
      advisories: [
        { id: '1002', title: 'Code execution in template', severity: 'high', url: 'https://advisories.example.test/1002', vulnerableVersions: '<1.2.0' },
        {
          id: '1001',
          title: 'Prototype pollution in merge',
          severity: 'moderate',
          url: 'https://advisories.example.test/1001',
          vulnerableVersions: '>=1.0.0 <1.1.5',
        },
      ],
    });
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    // What `npm audit` sends: the package and the versions asked about.
    assert.deepEqual(registry.advisoryRequests().at(-1), { 'tiny-lib': ['1.1.0'] });

    const asked = registry.requestCount(BULK_ADVISORIES_PATH);
    assert.equal((await get('/v1/packages/npm/tiny-lib@1.1.0/advisories')).json().count, 2);
    assert.equal(registry.requestCount(BULK_ADVISORIES_PATH), asked, 'answered from the cache');
  });

  it('answers a range or tag for the version it resolves to', async () => {
    const body = (await get('/v1/packages/npm/tiny-lib@latest/advisories')).json();
    assert.equal(body.version, '1.1.0');
    assert.equal(body.count, 2);
  });

  it('answers a count of 0 for a version no advisory affects, scoped names too', async () => {
    const clean = await get('/v1/packages/npm/tiny-lib@1.2.0/advisories');
    assert.equal(clean.statusCode, 200);
    assert.deepEqual(clean.json(), { name: 'tiny-lib', version: '1.2.0', count: 0, advisories: [] });
    const scoped = await get('/v1/packages/npm/@skylift-fixtures/scoped@1.0.1/advisories');
    assert.deepEqual([scoped.statusCode, scoped.json().count], [200, 0]);
  });

  it('answers 404 for a package or version that does not exist, and for repositories', async () => {
    assert.equal((await get('/v1/packages/npm/no-such-package@1.0.0/advisories')).statusCode, 404);
    assert.equal((await get('/v1/packages/npm/tiny-lib@9.9.9/advisories')).statusCode, 404);
    assert.equal((await get('/v1/packages/gh/octo/repo@1.0.0/advisories')).statusCode, 404);
  });

  it('answers 502, not cached and not a count, when the registry fails; asks again once it is back', async () => {
    registry.setFailure({ mode: '500', match: (p: string) => p === BULK_ADVISORIES_PATH });
    try {
      const failed = await get('/v1/packages/npm/tiny-lib@1.0.0/advisories');
      assert.equal(failed.statusCode, 502);
      assert.match(failed.json().message, /^Failed to fetch the advisories of tiny-lib@1\.0\.0 from the registry/);
      assert.match(String(failed.headers['cache-control']), /no-store/);
      assert.equal('count' in failed.json(), false);
    } finally {
      registry.setFailure(null);
    }
    const healed = await get('/v1/packages/npm/tiny-lib@1.0.0/advisories');
    assert.deepEqual([healed.statusCode, healed.json().count], [200, 2]);
  });

  it('answers 504 when the registry does not answer in time', async () => {
    registry.setFailure({ mode: 'hang', match: (p: string) => p === BULK_ADVISORIES_PATH });
    try {
      const started = performance.now();
      const response = await get('/v1/packages/npm/tiny-lib@2.0.0-beta.1/advisories');
      const took = performance.now() - started;
      assert.equal(response.statusCode, 504);
      assert.match(response.json().message, /^Timed out fetching the advisories of tiny-lib@2\.0\.0-beta\.1/);
      assert.ok(took >= TIMEOUT_MS - 50 && took < TIMEOUT_MS + 2_000, `gave up after ${Math.round(took)} ms`);
    } finally {
      registry.setFailure(null);
    }
  });
});

describe('the advisory source', () => {
  it('reads no more of an answer than its size limit', async () => {
    const small = advisorySource(config, { maxBodyBytes: 64 });
    await assert.rejects(small.of('tiny-lib', '1.1.0'), (error: Error & { status?: number }) => {
      assert.equal(error.status, 502);
      assert.match(error.message, /larger than 64 bytes/);
      return true;
    });
  });

  it('asks below the configured registry address, whatever its path', async () => {
    const asked: string[] = [];
    const source = new AdvisorySource('https://registry.example.test/mirror/npm/', {
      timeoutMs: 1000,
      fetch: async (url) => {
        asked.push(String(url));
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    assert.deepEqual(await source.of('left-pad', '1.3.0'), []);
    assert.deepEqual(asked, ['https://registry.example.test/mirror/npm/-/npm/v1/security/advisories/bulk']);
  });
});

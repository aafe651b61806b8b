/**
 * The data API's package metadata through the real package layer, against the fixture registry and
 * fixture GitHub on loopback: what a user of the API gets.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/config.ts';
import {
  FIXTURE_PACKAGES_DIR,
  startFixtureGitHub,
  startFixtureRegistry,
  type FixtureGitHub,
  type FixtureRegistry,
} from '../../test/fixtures/upstream/index.ts';
import { buildDataApp } from './app.ts';
import { ContractCheck } from './testing/conformance.ts';

/** Every answer is also checked against the OpenAPI contract the service serves. */
const contract = new ContractCheck();
async function checkedInject(url: string) {
  const response = await app.inject(url);
  contract.check({ method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body });
  return response;
}

let registry: FixtureRegistry;
let github: FixtureGitHub;
let app: FastifyInstance;
let dir: string;

before(async () => {
  registry = await startFixtureRegistry();
  github = await startFixtureGitHub();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-real-'));
  const config = loadConfig({
    SKYLIFT_DATA_DIR: dir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_GITHUB_API: github.apiUrl,
    SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
    SKYLIFT_LOG_LEVEL: 'silent',
    SKYLIFT_DATA_URL: 'http://data.test',
  });
  app = await buildDataApp(config, { ingestIntervalMs: false });
});
after(async () => {
  await app?.close();
  await registry?.close();
  await github?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('data API over the package layer', () => {
  it('lists npm versions newest first with dist-tags', async () => {
    const body = (await checkedInject('/v1/packages/npm/tiny-lib')).json();
    assert.deepEqual(
      body.versions.map((v: { version: string }) => v.version),
      ['2.0.0-beta.1', '1.2.0', '1.1.0', '1.0.0'],
    );
    assert.deepEqual(body.tags, { latest: '1.1.0', beta: '2.0.0-beta.1', next: '2.0.0-beta.1' });
    const scoped = (await checkedInject('/v1/packages/npm/@skylift-fixtures/scoped')).json();
    assert.deepEqual(
      scoped.versions.map((v: { version: string }) => v.version),
      ['1.0.1', '1.0.0'],
    );
  });

  it('links each npm version to the registry tarball its package document names', async () => {
    const body = (await checkedInject('/v1/packages/npm/tiny-lib')).json();
    const v110 = body.versions.find((v: { version: string }) => v.version === '1.1.0');
    assert.match(v110.links.tarball, /\/tiny-lib\/-\/tiny-lib-1\.1\.0\.tgz$/);
    const tarball = await fetch(v110.links.tarball);
    assert.equal(tarball.status, 200);
  });

  it('resolves a range to the newest stable match, or null', async () => {
    assert.equal((await checkedInject('/v1/packages/npm/tiny-lib/resolved?specifier=1.1')).json().version, '1.1.0');
    assert.equal((await checkedInject('/v1/packages/npm/tiny-lib/resolved')).json().version, '1.1.0');
    assert.equal((await checkedInject('/v1/packages/npm/tiny-lib/resolved?specifier=beta')).json().version, '2.0.0-beta.1');
    assert.equal((await checkedInject('/v1/packages/npm/tiny-lib/resolved?specifier=5')).json().version, null);
  });

  it('lists the files of a version with the SHA-256 of their real content, and finds them by hash', async () => {
    const body = (await checkedInject('/v1/packages/npm/css-only@1.0.0?structure=flat')).json();
    const file = body.files.find((f: { name: string }) => f.name === '/dist/css-only.min.css');
    const content = fs.readFileSync(path.join(FIXTURE_PACKAGES_DIR, 'css-only', '1.0.0', 'dist', 'css-only.min.css'));
    assert.equal(file.hash, crypto.createHash('sha256').update(content).digest('base64'));
    assert.equal(file.size, content.length);
    const hex = crypto.createHash('sha256').update(content).digest('hex');
    assert.deepEqual((await checkedInject(`/v1/lookup/hash/${hex}`)).json(), {
      type: 'npm',
      name: 'css-only',
      version: '1.0.0',
      file: '/dist/css-only.min.css',
    });
  });

  it('gives entry points from package metadata', async () => {
    const css = (await checkedInject('/v1/packages/npm/css-only@1.0.0/entrypoints')).json();
    // The integrity is that of the file's bytes, so a page can put it on the tag as it is.
    const content = fs.readFileSync(path.join(FIXTURE_PACKAGES_DIR, 'css-only', '1.0.0', 'dist', 'css-only.min.css'));
    const integrity = `sha384-${crypto.createHash('sha384').update(content).digest('base64')}`;
    assert.deepEqual(css.entrypoints.css, { file: '/dist/css-only.min.css', guessed: false, integrity });
    const js = (await checkedInject('/v1/packages/npm/tiny-lib@1.2.0/entrypoints')).json();
    assert.equal(js.entrypoints.js.guessed, false);
    assert.match(js.entrypoints.js.file, /^\/dist\/tiny(\.min)?\.js$/);
  });

  it('lists repository versions from GitHub tags', async () => {
    const response = await checkedInject('/v1/packages/gh/skylift-fixtures/tagged');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.deepEqual(body.tags, {});
    assert.ok(body.versions.length > 0);
  });

  it('names the package that does not exist', async () => {
    const response = await checkedInject('/v1/packages/npm/no-such-fixture');
    assert.equal(response.statusCode, 404);
    assert.match(response.json().message, /no-such-fixture/);
  });
});

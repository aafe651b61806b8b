/**
 * A self-hosted instance in front of registries that need a token, started as an operator would
 * (`server/src/main.ts`, CDN and data API in one process): the configured registry refuses requests without
 * its token, and the `@acme` scope comes from a second registry with a token of its own, named in the user's
 * `.npmrc` through `${ACME_TOKEN}` as npm reads it. Each registry gets its own token and no other; the
 * operator's deny-list refuses packages with a 403 everywhere; and neither token shows in any log line,
 * answer body, answer header, or anything written under the data folder (request log, cached documents).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PRIVATE_FIXTURE_PACKAGES_DIR, startFixtureRegistry, type FixtureRegistry } from './fixtures/upstream/index.ts';
import { freePort } from '../src/testing/freePort.ts';
import { until } from '../src/testing/until.ts';

const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts');
const PUBLIC_TOKEN = 'npm_publicTOKEN0123456789abcdef';
const ACME_TOKEN = 'npm_acmeTOKENfedcba9876543210';

let publicRegistry: FixtureRegistry;
let acmeRegistry: FixtureRegistry;
let child: ChildProcess;
let base: string;
let output = '';
const urls: Record<string, string> = {};
/** Every answer of the run: status line, headers and body, searched for the tokens at the end. */
const answers: string[] = [];

async function get(url: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(url);
  const body = await response.text();
  answers.push(`${response.status}\n${[...response.headers].map(([key, value]) => `${key}: ${value}`).join('\n')}\n\n${body}`);
  return { status: response.status, body, headers: response.headers };
}

before(async () => {
  publicRegistry = await startFixtureRegistry({ token: PUBLIC_TOKEN });
  acmeRegistry = await startFixtureRegistry({ token: ACME_TOKEN, packagesDir: PRIVATE_FIXTURE_PACKAGES_DIR });
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'private-registries-'));
  // The user's npm configuration, as `npm login` and a team's setup leave it; the global one is absent.
  fs.writeFileSync(path.join(base, '.npmrc'), `@acme:registry=${acmeRegistry.url}/\n${acmeRegistry.url.replace(/^http:/, '')}/:_authToken=\${ACME_TOKEN}\n`);
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: base,
    npm_config_userconfig: path.join(base, '.npmrc'),
    npm_config_globalconfig: path.join(base, 'no-global-npmrc'),
    ACME_TOKEN,
    SKYLIFT_DATA_DIR: path.join(base, 'data'),
    SKYLIFT_NPM_REGISTRY: publicRegistry.url,
    SKYLIFT_NPM_TOKEN: PUBLIC_TOKEN,
    SKYLIFT_GITHUB_API: 'http://127.0.0.1:1',
    SKYLIFT_GITHUB_ARCHIVE: 'http://127.0.0.1:1',
    SKYLIFT_PACKAGE_DENY: 'only-index,@skylift-fixtures',
    // Every line a service can write, so that the search covers as much as it can.
    SKYLIFT_LOG_LEVEL: 'trace',
  };
  for (const service of ['cdn', 'data']) {
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    env[`SKYLIFT_${service.toUpperCase()}_URL`] = urls[service] = `http://127.0.0.1:${port}`;
  }
  child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--one-process', '--services', 'cdn,data'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const url of Object.values(urls)) {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`the services stopped: ${output}`);
        return fetch(`${url}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeoutMs: 90_000, message: `${url} to be ready` },
    );
  }
});

after(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await publicRegistry.close();
  await acmeRegistry.close();
  fs.rmSync(base, { recursive: true, force: true });
});

test('the fixture registries refuse a request without their token', async () => {
  assert.equal((await fetch(`${publicRegistry.url}/tiny-lib`)).status, 401);
  assert.equal((await fetch(`${acmeRegistry.url}/@acme%2fsecret`)).status, 401);
});

test('a private scoped package comes from its scope registry with its token: files, listing, +esm and metadata', async () => {
  const file = await get(`${urls['cdn']}/npm/@acme/secret@1.0.0/index.js`);
  assert.equal(file.status, 200, file.body);
  assert.match(file.body, /only for those with the token/);
  const range = await get(`${urls['cdn']}/npm/@acme/secret@1/index.js`);
  assert.equal(range.status, 200, range.body);
  const esm = await get(`${urls['cdn']}/npm/@acme/secret@1.0.0/+esm/b1`);
  assert.equal(esm.status, 200, esm.body);
  assert.match(esm.body, /only for those with the token/);
  const metadata = await get(`${urls['data']}/v1/packages/npm/@acme/secret`);
  assert.equal(metadata.status, 200, metadata.body);
  assert.deepEqual(
    (JSON.parse(metadata.body) as { versions: Array<{ version: string }> }).versions.map((v) => v.version),
    ['1.0.0'],
  );
  const listing = await get(`${urls['data']}/v1/packages/npm/@acme/secret@1.0.0`);
  assert.equal(listing.status, 200, listing.body);
  // The public registry serves the rest with its own token.
  assert.equal((await get(`${urls['cdn']}/npm/tiny-lib@1.1.0/dist/tiny.js`)).status, 200);
  // Its advisory endpoint too, which `npm audit` reaches with the same token.
  const advisories = await get(`${urls['data']}/v1/packages/npm/tiny-lib@1.1.0/advisories`);
  assert.equal(advisories.status, 200, advisories.body);
});

test('each registry received its own token and never the other one', () => {
  const publicSeen = publicRegistry.authorizations();
  const acmeSeen = acmeRegistry.authorizations();
  assert.ok(acmeSeen.length >= 2, 'the scope registry was asked for the document and the tarball');
  assert.ok(publicSeen.length >= 2);
  assert.deepEqual(new Set(acmeSeen), new Set([`Bearer ${ACME_TOKEN}`]));
  assert.deepEqual(new Set(publicSeen), new Set([`Bearer ${PUBLIC_TOKEN}`]));
  assert.equal(publicRegistry.requestCount('/@acme/secret'), 0, 'the scope is never asked of the configured registry');
});

test('denied packages and scopes answer 403 with the reason everywhere, and are never asked of the registry', async () => {
  const denied = "Package only-index is blocked by this CDN's operator.";
  for (const url of [
    `${urls['cdn']}/npm/only-index@1.0.0/index.js`,
    `${urls['cdn']}/npm/only-index/`,
    `${urls['cdn']}/npm/only-index@1.0.0/+esm`,
    `${urls['cdn']}/combine/npm/tiny-lib@1.1.0/dist/tiny.js,npm/only-index@1.0.0/index.js`,
  ]) {
    const answer = await get(url);
    assert.equal(answer.status, 403, `${url}: ${answer.body}`);
    assert.match(answer.body, new RegExp(denied.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), url);
  }
  for (const url of [
    `${urls['data']}/v1/packages/npm/only-index`,
    `${urls['data']}/v1/packages/npm/only-index@1.0.0`,
    `${urls['data']}/v1/packages/npm/only-index/resolved`,
    `${urls['data']}/v1/stats/packages/npm/only-index`,
    `${urls['data']}/v1/stats/packages/npm/only-index/versions`,
  ]) {
    const answer = await get(url);
    assert.equal(answer.status, 403, url);
    assert.deepEqual(JSON.parse(answer.body), { status: 403, message: denied });
  }
  const scoped = await get(`${urls['data']}/v1/packages/npm/@skylift-fixtures/scoped`);
  assert.deepEqual(JSON.parse(scoped.body), { status: 403, message: "Package @skylift-fixtures/scoped is blocked by this CDN's operator." });
  assert.equal(
    publicRegistry.totalRequests((p) => p.startsWith('/only-index') || p.startsWith('/@skylift-fixtures')),
    0,
  );
});

test('no token in any log line, answer or file the run left', async () => {
  // The request log is flushed on shutdown: stop the services first, then read everything they wrote.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  assert.ok(output.length > 0 && answers.length > 10);
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(path.join(base, 'data'));
  assert.ok(
    files.some((file) => file.includes('request-log')),
    `the request log was written: ${files.join(', ')}`,
  );
  for (const token of [PUBLIC_TOKEN, ACME_TOKEN]) {
    assert.equal(output.includes(token), false, 'a log line names a token');
    assert.equal(
      answers.some((answer) => answer.includes(token)),
      false,
      'an answer names a token',
    );
    for (const file of files) assert.equal(fs.readFileSync(file).includes(token), false, `${file} names a token`);
  }
});

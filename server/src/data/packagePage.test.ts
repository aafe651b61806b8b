/**
 * What the package page asks of the data API, and in how many bytes: the versions as a plain list, a version's
 * package.json as npm reads it (shorthand repositories, keywords as a string, people as strings, the old
 * licence list), the entry points with each file's integrity and how a script tag runs it (a CommonJS entry
 * told apart from a UMD bundle and an ES module), and answers compressed as the client accepts (brotli, gzip or
 * none), with their entity tag and 304 unchanged.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/config.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { buildDataApp } from './app.ts';
import { ContractCheck } from './testing/conformance.ts';

const BASE = 'http://data.test';
const UMD = `(function (root, factory) { if (typeof exports === 'object' && typeof module !== 'undefined') module.exports = factory(); else root._ = factory(); })(this, function () { return {}; });`;
const CJS_ENTRY = `'use strict';\nif (process.env.NODE_ENV === 'production') {\n  module.exports = require('./cjs/react.production.js');\n} else {\n  module.exports = require('./cjs/react.development.js');\n}\n`;
const ESM_ENTRY = `import { helper } from './helper.js';\nexport const answer = helper(42);\n`;
const REACT_VERSIONS = Array.from({ length: 40 }, (_, i) => `19.0.${i}`);

const store = new MemoryPackageStore([
  {
    ref: { type: 'npm', name: 'lodash' },
    tags: { latest: '4.17.21' },
    versions: {
      '4.17.21': {
        files: { '/lodash.js': UMD, '/package.json': '{}' },
        default: '/lodash.js',
        manifest: {
          name: 'lodash',
          version: '4.17.21',
          repository: 'lodash/lodash',
          keywords: 'modules, stdlib, util',
          author: 'John-David Dalton <john.david.dalton@example.com>',
          contributors: ['Mathias Bynens <mathias@example.com> (https://mathiasbynens.example)'],
          license: 'MIT',
          main: 'lodash.js',
        },
        tarball: 'http://registry.test/lodash/-/lodash-4.17.21.tgz',
      },
    },
  },
  {
    ref: { type: 'npm', name: 'react' },
    tags: { latest: '19.0.39', next: '19.0.0' },
    versions: Object.fromEntries(
      REACT_VERSIONS.map((version) => [
        version,
        {
          files: { '/index.js': CJS_ENTRY, '/cjs/react.production.js': 'exports.version = "19";' },
          default: '/index.js',
          manifest: {
            main: 'index.js',
            exports: { '.': { 'react-server': './react.react-server.js', default: './index.js' } },
            repository: { type: 'git', url: 'git+https://github.com/facebook/react.git', directory: 'packages/react' },
            bugs: 'https://github.com/facebook/react/issues',
            licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }],
          },
        },
      ]),
    ),
  },
  {
    ref: { type: 'npm', name: 'esm-only-lib' },
    tags: { latest: '1.0.0' },
    versions: {
      '1.0.0': {
        files: { '/index.js': ESM_ENTRY, '/helper.js': 'export const helper = (x) => x;' },
        default: '/index.js',
        manifest: { type: 'module', main: 'index.js' },
      },
    },
  },
  {
    ref: { type: 'npm', name: 'styles-only' },
    tags: { latest: '2.0.0' },
    versions: {
      '2.0.0': {
        files: { '/dist/styles.css': 'a{}' },
        default: '/dist/styles.css',
        manifest: { style: 'dist/styles.css', repository: 'https://git.example.org/team/styles.git' },
      },
    },
  },
  { ref: { type: 'gh', name: 'octo/widgets' }, tags: { latest: '1.0.0' }, versions: { '1.0.0': { files: { '/README.md': '# widgets' } } } },
]);

const contract = new ContractCheck();
let app: FastifyInstance;
let dir: string;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  if (!headers['accept-encoding']) contract.check({ method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body });
  return response;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(url: string): Promise<any> {
  const response = await get(url);
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-package-page-'));
  const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent', SKYLIFT_DATA_URL: BASE });
  app = await buildDataApp(config, { store, ingestIntervalMs: false });
});
after(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the versions, as a plain list', () => {
  it('names every version newest first with the tags, without links, for npm and repositories', async () => {
    const list = await get('/v1/packages/npm/react/versions');
    assert.equal(list.headers['cache-control'], 'public, max-age=300');
    assert.deepEqual(list.json(), { type: 'npm', name: 'react', tags: { latest: '19.0.39', next: '19.0.0' }, versions: [...REACT_VERSIONS].reverse() });
    assert.deepEqual(await json('/v1/packages/gh/octo/widgets/versions'), { type: 'gh', name: 'octo/widgets', tags: {}, versions: ['1.0.0'] });
    const full = await get('/v1/packages/npm/react');
    assert.ok(list.body.length * 5 < full.body.length, `${list.body.length} bytes against ${full.body.length}`);
    assert.equal((await get('/v1/packages/npm/left-pad/versions')).statusCode, 404);
  });
});

describe("a version's package.json, as npm reads it", () => {
  it('reads the owner/repo shorthand, keywords as a string and people as strings, and fills in the issues from the repository', async () => {
    const lodash = await get('/v1/packages/npm/lodash@4.17.21/manifest');
    assert.equal(lodash.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.deepEqual(lodash.json(), {
      type: 'npm',
      name: 'lodash',
      version: '4.17.21',
      description: null,
      keywords: ['modules', 'stdlib', 'util'],
      homepage: 'https://github.com/lodash/lodash#readme',
      license: 'MIT',
      repository: {
        url: 'git+https://github.com/lodash/lodash.git',
        directory: null,
        web: 'https://github.com/lodash/lodash',
        owner: { name: 'lodash', link: 'https://github.com/lodash', avatar: 'https://github.com/lodash.png?size=64' },
        github: 'lodash/lodash',
      },
      bugs: { url: 'https://github.com/lodash/lodash/issues', email: null },
      author: { name: 'John-David Dalton', email: 'john.david.dalton@example.com', url: null },
      contributors: [{ name: 'Mathias Bynens', email: 'mathias@example.com', url: 'https://mathiasbynens.example' }],
      jsEntry: true,
      tarball: 'http://registry.test/lodash/-/lodash-4.17.21.tgz',
      links: {
        self: `${BASE}/v1/packages/npm/lodash@4.17.21`,
        entrypoints: `${BASE}/v1/packages/npm/lodash@4.17.21/entrypoints`,
        stats: `${BASE}/v1/stats/packages/npm/lodash@4.17.21`,
      },
    });
  });

  it('links a monorepo package to its folder, reads the old licence list, and resolves a tag for 5 minutes', async () => {
    const react = await get('/v1/packages/npm/react@latest/manifest');
    assert.equal(react.headers['cache-control'], 'public, max-age=300');
    const body = react.json();
    assert.equal(body.version, '19.0.39');
    assert.equal(body.repository.web, 'https://github.com/facebook/react/tree/HEAD/packages/react');
    assert.equal(body.repository.directory, 'packages/react');
    assert.deepEqual(body.bugs, { url: 'https://github.com/facebook/react/issues', email: null });
    assert.equal(body.license, 'MIT OR Apache-2.0');
    assert.equal(body.jsEntry, true);
  });

  it('gives a repository on an unknown host its address and no owner, a stylesheet package no JavaScript entry, a repository its own address', async () => {
    const styles = await json('/v1/packages/npm/styles-only@2.0.0/manifest');
    assert.deepEqual(styles.repository, {
      url: 'https://git.example.org/team/styles.git',
      directory: null,
      web: 'https://git.example.org/team/styles',
      owner: null,
      github: null,
    });
    assert.equal(styles.jsEntry, false);
    assert.deepEqual(styles.keywords, []);
    const gh = await json('/v1/packages/gh/octo/widgets@1.0.0/manifest');
    assert.equal(gh.repository.web, 'https://github.com/octo/widgets');
    assert.equal(gh.repository.github, 'octo/widgets');
    assert.deepEqual(gh.repository.owner, { name: 'octo', link: 'https://github.com/octo', avatar: 'https://github.com/octo.png?size=64' });
    assert.equal(gh.tarball, null);
    assert.equal((await get('/v1/packages/npm/lodash@9.9.9/manifest')).statusCode, 404);
  });
});

describe('entry points with their integrity and format', () => {
  it('gives the SHA-384 of the bytes served and tells a CommonJS entry, a UMD bundle and an ES module apart', async () => {
    const sha384 = (text: string) => `sha384-${crypto.createHash('sha384').update(text).digest('base64')}`;
    assert.deepEqual(await json('/v1/packages/npm/react@19.0.39/entrypoints'), {
      entrypoints: { js: { file: '/index.js', guessed: false, integrity: sha384(CJS_ENTRY), format: 'commonjs' } },
    });
    assert.deepEqual((await json('/v1/packages/npm/lodash@4.17.21/entrypoints')).entrypoints.js, {
      file: '/lodash.js',
      guessed: false,
      integrity: sha384(UMD),
      format: 'script',
    });
    assert.equal((await json('/v1/packages/npm/esm-only-lib@1.0.0/entrypoints')).entrypoints.js.format, 'module');
    assert.deepEqual((await json('/v1/packages/npm/styles-only@2.0.0/entrypoints')).entrypoints.css, {
      file: '/dist/styles.css',
      guessed: false,
      integrity: sha384('a{}'),
    });
  });
});

describe('answers compressed as the client accepts', () => {
  it('sends brotli, else gzip, else the plain bytes, each saying it varies by Accept-Encoding, under one entity tag', async () => {
    const url = '/v1/packages/npm/react';
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    const none = await get(url, { 'accept-encoding': 'identity' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(none.headers['content-encoding'], undefined);
    for (const answer of [plain, br, gz, none]) {
      assert.match(String(answer.headers['vary']), /Accept-Encoding/);
      assert.equal(answer.headers['etag'], plain.headers['etag']);
    }
    assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), plain.body);
    assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), plain.body);
    assert.ok(br.rawPayload.length * 4 < plain.rawPayload.length, `${br.rawPayload.length} of ${plain.rawPayload.length} bytes`);
    // Asked again, the same bytes: the compressed answer kept with its tag.
    assert.deepEqual((await get(url, { 'accept-encoding': 'br' })).rawPayload, br.rawPayload);
  });

  it('answers a current copy with an empty 304 whatever the encoding, and leaves small answers and errors alone', async () => {
    const first = await get('/v1/packages/npm/react', { 'accept-encoding': 'br' });
    const again = await get('/v1/packages/npm/react', { 'accept-encoding': 'br', 'if-none-match': String(first.headers['etag']) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    assert.equal(again.headers['content-encoding'], undefined);
    const small = await get('/v1/packages/gh/octo/widgets/versions', { 'accept-encoding': 'br' });
    assert.equal(small.headers['content-encoding'], undefined);
    const missing = await get('/v1/packages/npm/left-pad', { 'accept-encoding': 'br' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['content-encoding'], undefined);
  });
});

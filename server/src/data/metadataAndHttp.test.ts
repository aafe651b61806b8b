/**
 * The data API's package metadata (versions, files, entry points, the hash lookup) and what every answer
 * shares (CORS, 304, redirects, parameter errors, the contract and its documentation page, health and
 * readiness), on both storage engines. The statistics: `app.test.ts`, over the same fixture.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import YAML from 'yaml';
import { BRAND } from '@skylift/shared/brand';
import { loadConfig } from '../config/config.ts';
import { REFERENCE_RENDERER_INTEGRITY, REFERENCE_RENDERER_VERSION } from '../config/referenceRenderer.ts';
import { openStatsStore } from '../stats/store.ts';
import { buildDataApp } from './app.ts';
import { NOW, BASE, SITE, JQUERY_MIN, packages, ENGINES, openDataFixture, type DataFixture } from './testing/apiFixture.ts';

let fixture: DataFixture;
let app: FastifyInstance;
let dir: string;
const get = (url: string, headers: Record<string, string> = {}) => fixture.get(url, headers);
// Answers are checked against the contract by the fixture's `get`; the tests then read their fields freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = <T = any>(url: string): Promise<T> => fixture.json<T>(url);

for (const engine of ENGINES)
  describe(`data API on ${engine}`, () => {
    before(async () => {
      fixture = await openDataFixture(engine);
      ({ app, dir } = fixture);
    });
    after(() => fixture.close());

    describe('data API: package metadata', () => {
      it('lists versions and tags with links', async () => {
        const response = await get('/v1/packages/npm/jquery');
        assert.equal(response.headers['cache-control'], 'public, max-age=300');
        const body = response.json();
        assert.deepEqual(body.tags, { latest: '3.7.1', beta: '3.7.1' });
        assert.deepEqual(
          body.versions.map((v: { version: string }) => v.version),
          ['3.7.1', '3.6.0'],
        );
        assert.deepEqual(body.versions[0].links, {
          self: `${BASE}/v1/packages/npm/jquery@3.7.1`,
          entrypoints: `${BASE}/v1/packages/npm/jquery@3.7.1/entrypoints`,
          stats: `${BASE}/v1/stats/packages/npm/jquery@3.7.1`,
        });
        const gh = await json('/v1/packages/gh/twbs/bootstrap');
        assert.deepEqual(gh.tags, {});
        assert.equal(gh.versions[0].links.entrypoints, undefined);
      });

      it('resolves ranges and tags, and answers null when nothing matches', async () => {
        assert.equal((await json('/v1/packages/npm/jquery/resolved?specifier=3.6')).version, '3.6.0');
        assert.equal((await json('/v1/packages/npm/jquery/resolved')).version, '3.7.1');
        assert.equal((await json('/v1/packages/npm/jquery/resolved?specifier=beta')).version, '3.7.1');
        assert.deepEqual(await json('/v1/packages/npm/jquery/resolved?specifier=9.9'), { type: 'npm', name: 'jquery', version: null, links: {} });
        assert.equal((await json('/v1/packages/npm/@popperjs/core/resolved?specifier=^2')).version, '2.11.8');
      });

      it('lists the files of a version as a tree or flat, with SHA-256, cached for a year', async () => {
        const response = await get('/v1/packages/npm/jquery@3.7.1');
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
        const tree = response.json();
        assert.equal(tree.default, '/dist/jquery.js');
        assert.deepEqual(
          tree.files.map((f: { type: string; name: string }) => [f.type, f.name]),
          [
            ['directory', 'dist'],
            ['directory', 'src'],
            ['file', 'README.md'],
          ],
        );
        const min = tree.files[0].files.find((f: { name: string }) => f.name === 'jquery.min.js');
        assert.equal(min.hash, crypto.createHash('sha256').update(JQUERY_MIN).digest('base64'));
        assert.equal(min.size, Buffer.byteLength(JQUERY_MIN));
        assert.equal(tree.files[1].files[0].files[0].name, 'init.js');
        const flat = await json('/v1/packages/npm/jquery@3.7.1?structure=flat');
        assert.deepEqual(
          flat.files.map((f: { name: string }) => f.name),
          ['/README.md', '/dist/jquery.js', '/dist/jquery.min.js', '/src/core/init.js'],
        );
        const ranged = await get('/v1/packages/npm/jquery@3');
        assert.equal(ranged.headers['cache-control'], 'public, max-age=300');
        assert.equal(ranged.json().version, '3.7.1');
        const gh = await json('/v1/packages/gh/twbs/bootstrap@5.3.0');
        assert.equal(gh.default, null);
      });

      it('gives entry points from metadata or guessed', async () => {
        // Each file's integrity and format are `packagePage.test.ts`'s.
        const files = async (url: string) =>
          Object.fromEntries(
            Object.entries((await json(url)).entrypoints as Record<string, { file: string; guessed: boolean }>).map(([kind, { file, guessed }]) => [
              kind,
              { file, guessed },
            ]),
          );
        assert.deepEqual(await files('/v1/packages/npm/jquery@3.7.1/entrypoints'), { js: { file: '/dist/jquery.min.js', guessed: false } });
        assert.deepEqual(await files('/v1/packages/npm/@popperjs/core@2.11.8/entrypoints'), { js: { file: '/dist/umd/popper.min.js', guessed: true } });
        assert.deepEqual(await files('/v1/packages/npm/bootstrap@5.3.0/entrypoints'), { css: { file: '/dist/css/bootstrap.min.css', guessed: false } });
      });

      it('finds a listed file by the hex SHA-256 of its content', async () => {
        await json('/v1/packages/npm/jquery@3.7.1');
        const hex = crypto.createHash('sha256').update(JQUERY_MIN).digest('hex');
        assert.deepEqual(await json(`/v1/lookup/hash/${hex}`), { type: 'npm', name: 'jquery', version: '3.7.1', file: '/dist/jquery.min.js' });
        const missing = await get(`/v1/lookup/hash/${'0'.repeat(64)}`);
        assert.equal(missing.statusCode, 404);
        assert.match(missing.json().message, /0{64}/);
        assert.equal((await get('/v1/lookup/hash/xyz')).statusCode, 400);
      });

      it('says which package or version was not found', async () => {
        const pkg = await get('/v1/packages/npm/left-pad');
        assert.deepEqual(pkg.json(), { status: 404, message: 'Failed to fetch version info for left-pad.' });
        assert.equal(pkg.headers['cache-control'], 'no-cache, no-store, must-revalidate');
        const version = await get('/v1/packages/npm/jquery@9.9.9');
        assert.deepEqual([version.statusCode, version.json().message], [404, "Couldn't find the requested release version 9.9.9."]);
        const route = await get('/v1/stats/nothing');
        assert.deepEqual([route.statusCode, route.json().message], [404, "Couldn't find the requested resource /v1/stats/nothing."]);
      });
    });

    describe('data API: shared behaviour', () => {
      it('sends CORS headers and answers preflight requests', async () => {
        assert.equal((await get('/v1/stats/periods')).headers['access-control-allow-origin'], '*');
        assert.equal((await get('/v1/packages/npm/left-pad')).headers['access-control-allow-origin'], '*');
        const preflight = await app.inject({
          method: 'OPTIONS',
          url: '/v1/stats/packages',
          headers: { origin: 'http://site.test', 'access-control-request-method': 'GET' },
        });
        assert.equal(preflight.statusCode, 204);
        assert.match(String(preflight.headers['access-control-allow-methods']), /GET/);
        assert.match(String((await get('/v1/stats/packages')).headers['access-control-expose-headers']), /X-Total-Count/);
      });

      it('answers 304 to a matching If-None-Match', async () => {
        const first = await get('/v1/stats/packages/npm/jquery');
        const etag = String(first.headers['etag']);
        assert.ok(etag.length > 4);
        const second = await get('/v1/stats/packages/npm/jquery', { 'if-none-match': etag });
        assert.equal(second.statusCode, 304);
        assert.equal(second.body, '');
        assert.equal((await get('/v1/stats/packages/npm/jquery', { 'if-none-match': 'W/"other"' })).statusCode, 200);
      });

      it('redirects a trailing slash to the URL without it', async () => {
        const response = await get('/v1/stats/packages/?period=week');
        assert.equal(response.statusCode, 301);
        assert.equal(response.headers['location'], '/v1/stats/packages?period=week');
        // Never to another host: a doubled leading slash would be read as a protocol-relative address.
        for (const url of ['//evil.example/', '///evil.example//', '//evil.example/v1/?x=1']) {
          const redirect = await get(url);
          assert.equal(redirect.statusCode, 301, url);
          assert.match(String(redirect.headers['location']), /^\/[^/]/, `${url} -> ${redirect.headers['location']}`);
        }
      });

      it('answers names of object properties as the invalid parameters they are', async () => {
        for (const period of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
          for (const url of [
            `/v1/stats/packages?period=${period}`,
            `/v1/stats/network?period=${period}`,
            `/v1/stats/packages/npm/jquery/badge?period=${period}`,
          ]) {
            const response = await get(url);
            assert.equal(response.statusCode, 400, url);
            assert.match(response.json().message, /period must be one of/, url);
          }
        }
      });

      it('answers an address it cannot decode in its own error shape', async () => {
        const response = await get('/v1/packages/npm/%ff');
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { status: 400, message: 'The address is not valid: it contains an invalid percent-encoding.' });
      });

      it('rejects every invalid parameter with a 400 that names it', async () => {
        const cases: Array<[string, RegExp]> = [
          ['/v1/stats/packages?period=2027', /in the future/],
          ['/v1/stats/packages?period=2026-03', /in the future/],
          ['/v1/stats/packages?period=fortnight', /period must be one of/],
          ['/v1/stats/packages?page=101', /page must be an integer between 1 and 100/],
          ['/v1/stats/packages?limit=0', /limit must be an integer/],
          ['/v1/stats/packages?limit=abc', /limit must be an integer/],
          ['/v1/stats/packages?by=downloads', /by must be one of hits, bandwidth/],
          ['/v1/stats/packages?type=pypi', /type must be one of gh, npm/],
          ['/v1/stats/packages/npm/Bad Name!', /not a valid npm package name/],
          ['/v1/stats/packages/npm/jquery@latest', /exact version/],
          ['/v1/stats/packages/gh/justuser', /not a valid GitHub user\/repo/],
          ['/v1/stats/network?country=XX', /country must be an ISO 3166-1/],
          ['/v1/stats/network?country=DE&continent=EU', /mutually exclusive/],
          ['/v1/stats/browsers?continent=XY', /continent must be one of/],
          ['/v1/stats/browsers?period=fortnight', /must be one of day, week, month/],
          ['/v1/stats/proxies/bad name', /not a valid proxy name/],
          ['/v1/packages/npm/jquery@3.7.1?structure=nested', /structure must be one of tree, flat/],
          ['/v1/packages/npm/.hidden', /not a valid npm package name/],
        ];
        for (const [url, message] of cases) {
          const response = await get(url);
          assert.equal(response.statusCode, 400, url);
          const body = response.json();
          assert.equal(body.status, 400, url);
          assert.match(body.message, message, url);
          assert.equal(response.headers['cache-control'], 'no-cache, no-store, must-revalidate', url);
        }
      });

      it('serves its own contract and a documentation page', async () => {
        const spec = await get('/v1/spec.yaml');
        assert.equal(spec.statusCode, 200);
        // Every address in the contract is ours, or a standard it cites, or the example package's code host and registry.
        const addresses = new Set(spec.body.match(/https?:\/\/[^\s)'"`]+/g) ?? []);
        for (const address of addresses) {
          assert.ok(
            [BASE, SITE, 'https://semver.org', 'https://www.rfc-editor.org', 'https://github.com/', 'https://registry.example.org/'].some((own) =>
              address.startsWith(own),
            ),
            address,
          );
        }
        assert.match(spec.body, new RegExp(`title: ${BRAND.name} API`));
        const doc = YAML.parse(spec.body) as { servers: Array<{ url: string }>; paths: Record<string, unknown>; info: { title: string } };
        assert.equal(doc.servers[0]!.url, BASE);
        assert.equal(Object.keys(doc.paths).length, 59);
        assert.doesNotMatch(spec.body, /\{\{/);
        const docs = await get('/docs');
        assert.match(String(docs.headers['content-type']), /text\/html/);
        assert.match(docs.body, new RegExp(`<title>${doc.info.title}</title>`));
        // The page is Scalar's reference over the very contract above. Its one script, from this service, loads
        // the renderer from our own CDN at its pinned version, with the pinned hash (the browser refuses other
        // bytes) and in CORS mode (without which no hash is checked), then starts it.
        assert.match(docs.body, new RegExp(`data-contract="${BASE}/v1/spec.yaml"`));
        const scripts = [...docs.body.matchAll(/<script[^>]*>/g)].map((match) => match[0]);
        assert.deepEqual(scripts, ['<script src="/docs/init.js">']);
        // The CDN's address as this service's configuration has it (the default one here).
        const cdn = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9' }).services.cdn.publicUrl;
        const renderer = `${cdn}/npm/@scalar/api-reference@${REFERENCE_RENDERER_VERSION}/dist/browser/standalone.js`;
        assert.match(REFERENCE_RENDERER_INTEGRITY, /^sha384-[A-Za-z0-9+/]{64}$/);
        const init = await get('/docs/init.js');
        assert.match(String(init.headers['content-type']), /^text\/javascript/);
        assert.ok(init.body.includes(`script.src = ${JSON.stringify(renderer)};`), init.body);
        assert.ok(init.body.includes(`script.integrity = ${JSON.stringify(REFERENCE_RENDERER_INTEGRITY)};`));
        assert.match(init.body, /script\.crossOrigin = 'anonymous';/);
        assert.match(init.body, /createApiReference\(element/);
        assert.match(init.body, /telemetry: false/);
        assert.match(init.body, /withDefaultFonts: false/);
        const csp = String(docs.headers['content-security-policy']);
        assert.ok(csp.includes(`script-src 'self' ${renderer}; `), csp);
        assert.match(csp, /connect-src 'self';/, 'the contract from this service only');
        assert.equal((await get('/docs/scalar.js')).statusCode, 404, 'no copy of the renderer here');
      });

      it('answers health and metrics', async () => {
        assert.equal((await get('/healthz')).statusCode, 200);
        assert.equal((await get('/readyz')).statusCode, 200);
      });

      it('is not ready while its statistics store cannot answer', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-api-ready-'));
        const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_LOG_LEVEL: 'silent' });
        const own = await openStatsStore(config);
        const probe = await buildDataApp(config, { store: packages, stats: own, ingestIntervalMs: false, now: () => NOW });
        try {
          assert.equal((await probe.inject('/readyz')).statusCode, 200);
          await own.close();
          const closed = await probe.inject('/readyz');
          assert.equal(closed.statusCode, 503);
          assert.equal(closed.json().status, 'not ready');
          assert.equal((await probe.inject('/healthz')).statusCode, 200, 'alive all the same');
        } finally {
          await probe.close();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
    });
  });

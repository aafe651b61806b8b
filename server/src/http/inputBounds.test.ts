import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config/config.ts';
import { buildCdnApp } from '../cdn/app.ts';
import { buildEsmRunApp } from '../esmrun/app.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { SAMPLE_PACKAGES } from '../cdn/testing/samplePackages.ts';
import { buildDataApp } from '../data/app.ts';
import { buildPurgeApp } from '../purge/app.ts';
import { RequestLogWriter } from '../requestlog/writer.ts';
import { buildSearchApp } from '../search/app.ts';
import { buildWwwApp } from '../www/app.ts';
import { createFakeBuild } from '../www/testing/fakeBuild.ts';
import { MAX_URL_LENGTH, frameworkAnswer, isOwnLocation } from './inputBounds.ts';
import { MAX_REQUESTS_PER_CONNECTION } from './serviceServer.ts';

interface RawAnswer {
  status: number;
  head: string;
  contentType: string;
  body: string;
}

/** Sends bytes as they are and reads everything the server sends on the connection until it closes it. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
  });
}

/** Sends a request as it is (no client library would send an oversized header) and reads the answer. */
async function rawRequest(port: number, head: string): Promise<RawAnswer> {
  const data = await rawExchange(port, head);
  const [headPart = '', body = ''] = data.split('\r\n\r\n', 2);
  const status = Number(headPart.split(' ', 2)[1]);
  const contentType = /content-type: ([^\r\n]+)/i.exec(headPart)?.[1] ?? '';
  return { status, head: headPart, contentType, body };
}

const request = (port: number, target: string, headers = ''): Promise<RawAnswer> =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);

/** The error shape each service answers with: JSON `{status, message}`, or plain text on the CDN and esm.run. */
function assertShape(answer: RawAnswer, status: number, json: boolean, what: string): void {
  assert.equal(answer.status, status, what);
  if (json) {
    assert.match(answer.contentType, /^application\/json/, what);
    const parsed = JSON.parse(answer.body) as { status: number; message: string };
    assert.equal(parsed.status, status, what);
    assert.equal(typeof parsed.message, 'string', what);
    assert.deepEqual(Object.keys(parsed).sort(), ['message', 'status'], `${what}: no framework fields`);
  } else {
    assert.match(answer.contentType, /^text\/plain/, what);
    assert.ok(answer.body.length > 0 && !answer.body.includes('statusCode'), what);
  }
}

describe('every service bounds its input before any route runs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bounds-'));
  const build = createFakeBuild();
  let config: Config;
  const apps: Array<{ name: string; app: FastifyInstance; json: boolean; port: number; probe: string }> = [];

  before(async () => {
    config = loadConfig(
      {
        SKYLIFT_DATA_DIR: dir,
        SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
        SKYLIFT_LOG_LEVEL: 'silent',
        SKYLIFT_WWW_URL: 'https://www.example.test',
        SKYLIFT_CDN_URL: 'https://cdn.example.test',
        SKYLIFT_ALTCHA_HMAC_KEY: 'test-key',
      },
      { projectRoot: build.root },
    );
    const log = new RequestLogWriter({ dir: path.join(dir, 'request-log'), flushIntervalMs: 60_000 });
    const built: Array<[string, FastifyInstance, boolean, string]> = [
      [
        'cdn',
        await buildCdnApp(config, { store: new MemoryPackageStore(SAMPLE_PACKAGES), requestLog: log, countries: false }),
        false,
        '/npm/demo-lib@1.2.0/dist/%ff',
      ],
      ['esmrun', await buildEsmRunApp(config), false, '/%ff'],
      ['data', await buildDataApp(config, { store: new MemoryPackageStore([]), ingestIntervalMs: false }), true, '/v1/packages/npm/%ff'],
      ['search', await buildSearchApp(config, { enrichCatalog: false }), true, '/1/indexes/%ff'],
      ['purge', await buildPurgeApp(config, { dropOwnCaches: async () => 0 }), true, '/status/%ff'],
      ['www', await buildWwwApp(config, { shellDir: path.join(build.root, 'shell', 'dist') }), true, '/share/%ff'],
    ];
    for (const [name, app, json, probe] of built) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push({ name, app, json, probe, port: (app.server.address() as net.AddressInfo).port });
    }
  });
  after(async () => {
    for (const { app } of apps) await app.close();
    build.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('headers over 16 KB: 431 in the service error shape', async () => {
    for (const { name, port, json } of apps) {
      assertShape(await request(port, '/healthz', `X-Padding: ${'a'.repeat(20 * 1024)}\r\n`), 431, json, name);
    }
  });

  it(`addresses over ${MAX_URL_LENGTH} characters: 414 in the service error shape`, async () => {
    for (const { name, port, json } of apps) {
      assertShape(await request(port, `/${'a'.repeat(MAX_URL_LENGTH + 10)}`), 414, json, name);
    }
  });

  it('undecodable addresses: 400 in the service error shape, never the framework own', async () => {
    for (const { name, port, json, probe } of apps) {
      const answer = await request(port, probe);
      assert.ok(answer.status === 400 || answer.status === 404, `${name}: ${answer.status}`);
      assertShape(answer, answer.status, json, name);
    }
  });

  it('HEAD answers wherever GET does, with the same status and no body', async () => {
    for (const { name, app } of apps) {
      for (const url of ['/healthz', '/readyz', '/metrics']) {
        const [get, head] = [await app.inject({ method: 'GET', url }), await app.inject({ method: 'HEAD', url })];
        assert.equal(head.statusCode, get.statusCode, `${name} HEAD ${url}`);
        assert.equal(head.body, '', `${name} HEAD ${url}`);
      }
    }
    const cdn = apps.find((app) => app.name === 'cdn')!.app;
    assert.equal((await cdn.inject({ method: 'HEAD', url: '/npm/demo-lib@1.2.0/package.json' })).statusCode, 200);
  });

  it('a method a known address does not take: 405 with Allow, in the service error shape', async () => {
    const known: Record<string, string> = {
      cdn: '/npm/demo-lib@1.2.0/package.json',
      esmrun: '/demo-lib@1',
      data: '/v1/stats/packages',
      search: '/1/indexes/*/queries',
      purge: '/captcha',
      www: '/',
    };
    for (const { name, port, json } of apps) {
      for (const [method, url] of [
        ['DELETE', '/healthz'],
        ['PUT', known[name]!],
      ] as const) {
        const answer = await rawRequest(port, `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        assertShape(answer, 405, json, `${name} ${method} ${url}`);
        const allow = /\r\nallow: ([^\r]+)/i.exec(answer.head)?.[1] ?? '';
        assert.match(allow, /\bGET\b/, `${name} ${method} ${url}: Allow ${allow}`);
        assert.doesNotMatch(allow, new RegExp(`\\b${method}\\b`), `${name} ${method} ${url}: Allow ${allow}`);
      }
    }
    const search = apps.find((app) => app.name === 'search')!;
    const allow = (await search.app.inject({ method: 'DELETE', url: '/1/indexes/*/queries' })).headers['allow'];
    assert.match(String(allow), /\bPOST\b/, 'the methods the address does take');
    // An address no route knows stays a 404.
    assert.equal((await apps.find((app) => app.name === 'cdn')!.app.inject({ method: 'DELETE', url: '/nothing-here' })).statusCode, 404);
  });

  it('CONNECT: a 405 with Allow on every service, then the connection is closed', async () => {
    for (const { name, port, json } of apps) {
      const answer = await rawRequest(port, 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n');
      assertShape(answer, 405, json, `${name} CONNECT`);
      assert.match(answer.head, /\r\nallow: GET, HEAD, OPTIONS/i, name);
    }
  });

  it('control characters in a path, raw or percent-encoded: 400 in the service error shape', async () => {
    for (const { name, app, json } of apps) {
      for (const encoded of ['%0d%0a', '%0a', '%09', '%0c', '%00', '%7f', '%1F']) {
        const res = await app.inject(`/healthz${encoded}`);
        assert.equal(res.statusCode, 400, `${name} ${encoded}`);
        if (json) assert.deepEqual(Object.keys(res.json<object>()).sort(), ['message', 'status'], name);
        assert.match(res.body, /control character/, name);
      }
    }
    // In the names, versions and paths of the services that take them.
    const named: Array<[string, string]> = [
      ['data', '/v1/packages/npm/demo-lib@1.2.0%0d%0a'],
      ['data', '/v1/stats/packages/npm/demo-lib%09/versions'],
      ['data', '/v1/packages/gh/octo/repo@1.0.0%00/files'],
      ['esmrun', '/demo-lib@1.2.0%0d%0a/dist/demo.js'],
      ['esmrun', '/demo-lib%0c@1'],
      ['cdn', '/npm/demo-lib@1.2.0%0a/dist/demo.js'],
    ];
    for (const [name, url] of named) {
      const res = await apps.find((app) => app.name === name)!.app.inject(url);
      assert.equal(res.statusCode, 400, `${name} ${url}`);
      assert.match(res.body, /control character/, `${name} ${url}`);
    }
    // The query is any text (a search may hold a line break).
    assert.equal((await apps.find((app) => app.name === 'data')!.app.inject('/healthz?q=%0a')).statusCode, 200);
  });

  it('Referrer-Policy on every answer of every service, errors and socket-level answers included', async () => {
    for (const { name, app, port } of apps) {
      for (const url of ['/healthz', '/no-such-address', '/healthz%0a']) {
        assert.equal((await app.inject(url)).headers['referrer-policy'], 'strict-origin-when-cross-origin', `${name} ${url}`);
      }
      const tooLarge = await request(port, '/healthz', `X-Padding: ${'a'.repeat(20 * 1024)}\r\n`);
      assert.match(tooLarge.head, /\r\nreferrer-policy: strict-origin-when-cross-origin/i, `${name} 431`);
    }
  });

  it(`a kept-alive connection closes after ${MAX_REQUESTS_PER_CONNECTION} answers on every service; pipelined requests past it are left unanswered, never a 503`, async () => {
    const cdnFile = '/npm/demo-lib@1.2.0/package.json';
    for (const { name, port } of apps) {
      const target = name === 'cdn' ? cdnFile : '/healthz';
      const exchange = await rawExchange(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(MAX_REQUESTS_PER_CONNECTION + 5));
      const statuses = [...exchange.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
      assert.equal(statuses.length, MAX_REQUESTS_PER_CONNECTION, `${name}: answers on one connection`);
      assert.deepEqual(new Set(statuses), new Set(['200']), `${name}: ${[...new Set(statuses)].join(', ')}`);
      const connections = [...exchange.matchAll(/\r\nconnection: (\S+)/gi)].map((match) => match[1]!.toLowerCase());
      assert.equal(connections.at(-1), 'close', `${name}: the last answer says so`);
      assert.equal(connections.filter((value) => value === 'close').length, 1, `${name}: only the last one`);
    }
  });

  it('broken request bodies: a 4xx in the service error shape', async () => {
    const purge = apps.find((app) => app.name === 'purge')!;
    const body = '{"path": ';
    const answer = await rawRequest(
      purge.port,
      `POST /captcha HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    assertShape(answer, 400, true, 'purge: broken JSON');
    const search = apps.find((app) => app.name === 'search')!;
    const large = `{"requests": "${'x'.repeat(1100 * 1024)}"}`;
    const tooLarge = await rawRequest(
      search.port,
      `POST /1/indexes/*/queries HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Algolia-Application-Id: ${config.search.appId}\r\nX-Algolia-API-Key: ${config.search.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${large.length}\r\n\r\n${large}`,
    );
    assertShape(tooLarge, 413, true, 'search: body too large');
  });
});

describe('redirects stay on our hosts', () => {
  const own = ['https://cdn.example.test', 'https://www.example.test'];
  it('accepts paths and our own origins only', () => {
    for (const location of ['/', '/docs', '/npm/a@1/', 'https://cdn.example.test/npm/a/+esm']) assert.ok(isOwnLocation(location, own), location);
    for (const location of [
      '//evil.test/',
      '/\\evil.test',
      '\\\\evil.test',
      '/\t/evil.test',
      'https://evil.test/',
      'javascript:alert(1)',
      'https://cdn.example.test.evil.test/',
    ]) {
      assert.ok(!isOwnLocation(location, own), location);
    }
  });
});

describe('framework errors get a sentence', () => {
  it('maps the framework codes to their status with a readable message, and leaves other errors alone', () => {
    assert.deepEqual(frameworkAnswer({ code: 'FST_ERR_BAD_URL', statusCode: 400 })?.status, 400);
    assert.equal(frameworkAnswer({ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 })?.status, 415);
    assert.equal(frameworkAnswer({ code: 'FST_ERR_SOMETHING_NEW', statusCode: 422 })?.status, 422);
    assert.equal(frameworkAnswer({ statusCode: 500 }), null);
    assert.equal(frameworkAnswer({ code: 'ENOENT' }), null);
  });
});

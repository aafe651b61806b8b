import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config/config.ts';
import { buildCdnApp } from '../cdn/app.ts';
import { buildEsmRunApp } from '../cdn/esmrun/app.ts';
import { MemoryPackageStore } from '../cdn/testing/memoryStore.ts';
import { SAMPLE_PACKAGES } from '../cdn/testing/samplePackages.ts';
import { buildDataApp } from '../data/app.ts';
import { MemoryPackageStore as DataMemoryStore } from '../data/testing/memoryPackageStore.ts';
import { buildPurgeApp } from '../purge/app.ts';
import { RequestLogWriter } from '../requestlog/writer.ts';
import { buildSearchApp } from '../search/app.ts';
import { buildWwwApp } from '../www/app.ts';
import { createFakeBuild } from '../www/testing/fakeBuild.ts';
import { MAX_URL_LENGTH, frameworkAnswer, isOwnLocation } from './inputBounds.ts';

interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Sends bytes as they are (no client library would send an oversized header) and reads the answer. */
function rawRequest(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headPart = '', body = ''] = data.split('\r\n\r\n', 2);
      const status = Number(headPart.split(' ', 2)[1]);
      const contentType = /content-type: ([^\r\n]+)/i.exec(headPart)?.[1] ?? '';
      resolve({ status, contentType, body });
    });
  });
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
      ['data', await buildDataApp(config, { store: new DataMemoryStore([]), ingestIntervalMs: false }), true, '/v1/packages/npm/%ff'],
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

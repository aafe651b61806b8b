import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { IMAGE_POLICY } from './imageProxyRoute.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR pixels')]);
const SVG = '<?xml version="1.0"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>';
const MAX_BYTES = 64 * 1024;

interface Fixture {
  server: Server;
  origin: string;
  host: string;
  requests: Array<{ url: string; headers: IncomingHttpHeaders }>;
}

/** An image host on loopback: what it answers is chosen by the path; every request it gets is recorded. */
async function imageHost(redirectTarget: () => string): Promise<Fixture> {
  const requests: Fixture['requests'] = [];
  const server = createServer((request, response) => {
    const url = (request.url ?? '/').split('?')[0]!;
    requests.push({ url, headers: request.headers });
    response.setHeader('set-cookie', 'session=upstream; Path=/');
    if (url === '/a.png' || url === '/counted.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (url === '/logo.svg') return response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(SVG);
    if (url === '/page.png') return response.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><script>alert(1)</script>');
    if (url === '/declared-big.png')
      return response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_BYTES + 1) }).end(Buffer.alloc(MAX_BYTES + 1));
    if (url === '/streamed-big.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG);
      response.end(Buffer.alloc(MAX_BYTES));
      return;
    }
    if (url === '/moved.png') return response.writeHead(302, { location: '/a.png' }).end();
    if (url === '/away.png') return response.writeHead(302, { location: redirectTarget() }).end();
    if (url === '/loop.png') return response.writeHead(302, { location: '/loop.png' }).end();
    if (url === '/broken.png') return response.writeHead(500).end('down');
    if (url === '/slow.png') return; // never answers
    response.writeHead(404).end('no such image');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, requests };
}

describe('the image proxy, /img', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  let allowed: Fixture;
  let other: Fixture;

  before(async () => {
    other = await imageHost(() => '/a.png');
    allowed = await imageHost(() => `${other.origin}/a.png`);
    build = createFakeBuild();
    const config = testConfig(build.root);
    app = await buildWwwApp(
      { ...config, imageProxy: { hosts: [allowed.host, 'img.example.test'], maxBytes: MAX_BYTES, timeoutMs: 500 } },
      { packageStore: new MemoryPackageStore([]) },
    );
  });
  after(async () => {
    await app.close();
    build.remove();
    for (const fixture of [allowed, other]) {
      fixture.server.closeAllConnections();
      await new Promise((resolve) => fixture.server.close(resolve));
    }
  });
  beforeEach(() => {
    allowed.requests.length = 0;
    other.requests.length = 0;
  });

  const proxied = (url: string, headers: Record<string, string> = {}) => app.inject({ url: `/img?url=${encodeURIComponent(url)}`, headers });

  it('serves an image of an allowed host under the type its bytes show, cacheable, with nothing of the host’s cookies', async () => {
    const response = await proxied(`${allowed.origin}/a.png`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.deepEqual(response.rawPayload, PNG);
    assert.equal(response.headers['set-cookie'], undefined, 'the host’s cookie is not passed on');
    assert.match(String(response.headers['cache-control']), /public, max-age=\d+/);
    assert.ok(response.headers['etag'], 'an entity tag for revalidation');
    assert.equal(response.headers['content-security-policy'], IMAGE_POLICY);
  });

  it('passes on no cookie, authorisation or referrer of the visitor', async () => {
    const response = await proxied(`${allowed.origin}/a.png?fresh=1`, {
      cookie: 'visitor=secret',
      authorization: 'Bearer visitor-token',
      referer: 'https://www.example.test/package/npm/x',
    });
    assert.equal(response.statusCode, 200);
    assert.equal(allowed.requests.length, 1);
    const seen = allowed.requests[0]!.headers;
    assert.equal(seen.cookie, undefined);
    assert.equal(seen.authorization, undefined);
    assert.equal(seen.referer, undefined);
  });

  it('refuses a host that is not allowed, without contacting it', async () => {
    const response = await proxied(`${other.origin}/a.png`);
    assert.equal(response.statusCode, 403);
    const body = response.json<{ status: number; message: string }>();
    assert.equal(body.status, 403);
    assert.match(body.message, /not in the image proxy's allowed list/);
    assert.equal(other.requests.length, 0);
  });

  it('answers 400 for a missing or malformed address, another scheme or credentials in the address', async () => {
    for (const url of ['/img', '/img?url=', `/img?url=${encodeURIComponent('not an address')}`, `/img?url=${encodeURIComponent('javascript:alert(1)')}`]) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 400, url);
      assert.equal(response.json<{ status: number }>().status, 400);
    }
    const withCredentials = await proxied(`http://user:pass@${allowed.host}/a.png`);
    assert.equal(withCredentials.statusCode, 400);
    assert.equal(allowed.requests.length, 0);
  });

  it('follows a redirect within allowed hosts, never to another host, and not forever', async () => {
    const moved = await proxied(`${allowed.origin}/moved.png`);
    assert.equal(moved.statusCode, 200);
    assert.deepEqual(moved.rawPayload, PNG);

    const away = await proxied(`${allowed.origin}/away.png`);
    assert.equal(away.statusCode, 403);
    assert.match(away.json<{ message: string }>().message, /redirected elsewhere/);
    assert.equal(other.requests.length, 0, 'the host redirected to is never contacted');

    const loop = await proxied(`${allowed.origin}/loop.png`);
    assert.equal(loop.statusCode, 502);
    assert.ok(allowed.requests.filter((request) => request.url === '/loop.png').length <= 6);
  });

  it('refuses an image over the size limit, whether the host declares its size or not', async () => {
    for (const path of ['/declared-big.png', '/streamed-big.png']) {
      const response = await proxied(`${allowed.origin}${path}`);
      assert.equal(response.statusCode, 413, path);
      assert.match(response.json<{ message: string }>().message, /larger than the image proxy's limit/);
    }
  });

  it('refuses what is not an image, whatever type the host gives it', async () => {
    const response = await proxied(`${allowed.origin}/page.png`);
    assert.equal(response.statusCode, 415);
    assert.equal(response.json<{ status: number }>().status, 415);
  });

  it('serves an SVG (sent as text by its host) so that it cannot run script', async () => {
    const response = await proxied(`${allowed.origin}/logo.svg`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/svg+xml');
    assert.equal(response.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['content-disposition'], 'inline');
  });

  it('keeps what it fetched: a second request does not reach the host, and a current copy gets a 304', async () => {
    const first = await proxied(`${allowed.origin}/counted.png`);
    const second = await proxied(`${allowed.origin}/counted.png`);
    assert.equal(first.statusCode, 200);
    assert.equal(second.statusCode, 200);
    assert.deepEqual(second.rawPayload, PNG);
    assert.equal(allowed.requests.filter((request) => request.url === '/counted.png').length, 1);
    const revalidated = await proxied(`${allowed.origin}/counted.png`, { 'if-none-match': String(first.headers['etag']) });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.body, '');
  });

  it('answers 404 for an image its host does not have, 502 when the host fails or does not answer in time', async () => {
    const missing = await proxied(`${allowed.origin}/gone.png`);
    assert.equal(missing.statusCode, 404);
    const broken = await proxied(`${allowed.origin}/broken.png`);
    assert.equal(broken.statusCode, 502);
    assert.equal(broken.json<{ status: number }>().status, 502);
    const slow = await proxied(`${allowed.origin}/slow.png`);
    assert.equal(slow.statusCode, 502);
    assert.match(slow.json<{ message: string }>().message, /did not answer within/);
  });
});

/** Each purge client against a loopback stand-in for its provider's API: the exact request, and its reading of the answer. */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRecordingServer, type RecordingServer } from '../testing/recordingServer.ts';
import { bunnyProvider } from './bunny.ts';
import { cloudflareProvider } from './cloudflare.ts';
import { fastlyProvider } from './fastly.ts';
import { gcoreProvider } from './gcore.ts';

const http = { fetch, timeoutMs: 2000 };
const urls = ['https://cdn.test/npm/jquery@3/dist/jquery.min.js', 'https://cdn.test/gh/u/r@main/a.js'];
const servers: RecordingServer[] = [];
after(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

test('Cloudflare: one purge_cache call for the zone with every URL, Bearer token; success read from the body', async () => {
  let success = true;
  const server = await startRecordingServer(() => ({ status: 200, body: { success, errors: [], result: { id: 'x' } } }));
  servers.push(server);
  const provider = cloudflareProvider({ apiUrl: server.url, zoneId: 'zone1', token: 'cf-token' }, http);
  assert.deepEqual(
    [...(await provider.purge(urls))],
    urls.map((url) => [url, true]),
  );
  assert.equal(server.requests.length, 1);
  const [request] = server.requests;
  assert.equal(request!.method, 'POST');
  assert.equal(request!.path, '/zones/zone1/purge_cache');
  assert.equal(request!.headers['authorization'], 'Bearer cf-token');
  assert.deepEqual(JSON.parse(request!.body), { files: urls });
  success = false;
  assert.deepEqual([...(await provider.purge(urls)).values()], [false, false]);
});

test('Fastly: one purge call per URL, host and path in the API path, Fastly-Key header', async () => {
  const server = await startRecordingServer((request) =>
    request.path.includes('/gh/') ? { status: 500, body: { msg: 'nope' } } : { status: 200, body: { status: 'ok', id: '1' } },
  );
  servers.push(server);
  const provider = fastlyProvider({ apiUrl: server.url, token: 'fy-token' }, http);
  const result = await provider.purge(urls);
  assert.equal(result.get(urls[0]!), true);
  assert.equal(result.get(urls[1]!), false);
  assert.deepEqual(server.requests.map((r) => [r.method, r.path]).sort(), [
    ['POST', '/purge/cdn.test/gh/u/r@main/a.js'],
    ['POST', '/purge/cdn.test/npm/jquery@3/dist/jquery.min.js'],
  ]);
  assert.ok(server.requests.every((r) => r.headers['fastly-key'] === 'fy-token'));
});

test('Bunny: one purge call per URL with the URL as a query parameter and the AccessKey header', async () => {
  const server = await startRecordingServer(() => ({ status: 200, body: null }));
  servers.push(server);
  const provider = bunnyProvider({ apiUrl: server.url, accessKey: 'bn-key' }, http);
  assert.deepEqual([...(await provider.purge(urls)).values()], [true, true]);
  assert.deepEqual(server.requests.map((r) => r.query.get('url')).sort(), [...urls].sort());
  assert.ok(server.requests.every((r) => r.method === 'POST' && r.path === '/purge' && r.headers['accesskey'] === 'bn-key'));
});

test('GCore: one purge call for the CDN resource with the paths, APIKey authorization', async () => {
  const server = await startRecordingServer(() => ({ status: 201, body: null }));
  servers.push(server);
  const provider = gcoreProvider({ apiUrl: server.url, resourceId: '42', token: 'gc-token' }, http);
  assert.deepEqual([...(await provider.purge(urls)).values()], [true, true]);
  const [request] = server.requests;
  assert.equal(request!.path, '/cdn/resources/42/purge');
  assert.equal(request!.headers['authorization'], 'APIKey gc-token');
  assert.deepEqual(JSON.parse(request!.body), { urls: ['/npm/jquery@3/dist/jquery.min.js', '/gh/u/r@main/a.js'] });
});

test('a provider that is down or too slow counts as failed, without throwing', async () => {
  const server = await startRecordingServer(() => ({ status: 200, body: { success: true } }));
  servers.push(server);
  server.setFailure('hang');
  const slow = cloudflareProvider({ apiUrl: server.url, zoneId: 'z', token: 't' }, { fetch, timeoutMs: 200 });
  assert.deepEqual([...(await slow.purge(urls)).values()], [false, false]);
  const down = gcoreProvider({ apiUrl: 'http://127.0.0.1:1', resourceId: '1', token: 't' }, http);
  assert.deepEqual([...(await down.purge(urls)).values()], [false, false]);
});

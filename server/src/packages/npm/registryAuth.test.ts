import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Secret } from '../../config/secret.ts';
import type { RegistryCredential } from '../../config/npmRegistries.ts';
import { createPackageMetrics } from '../upstream/metrics.ts';
import { authorizationFor, fetchRegistry } from './registryAuth.ts';

const credential = (prefix: string, header: string): RegistryCredential => ({ prefix, authorization: new Secret(header) });

/** A loopback server recording the authorization header of each request and answering what `answer` says. */
async function recorder(answer: (url: string, response: http.ServerResponse) => void) {
  const seen: Array<{ url: string; authorization: string | undefined }> = [];
  const server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    answer(request.url ?? '', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, port: (server.address() as AddressInfo).port };
}

describe('registry credentials', () => {
  it('chooses the credential of the longest prefix the URL lies under, and none for another host or port', () => {
    const credentials = [credential('//reg.test/private/', 'Bearer private'), credential('//reg.test/', 'Bearer root')];
    assert.equal(authorizationFor('https://reg.test/private/pkg', credentials), 'Bearer private');
    assert.equal(authorizationFor('https://reg.test/pkg/-/pkg-1.0.0.tgz', credentials), 'Bearer root');
    assert.equal(authorizationFor('https://reg.test:8443/pkg', credentials), undefined);
    assert.equal(authorizationFor('https://reg.test.evil.example/pkg', credentials), undefined);
    assert.equal(authorizationFor('https://files.test/pkg.tgz', credentials), undefined);
  });

  describe('redirects', () => {
    let other: Awaited<ReturnType<typeof recorder>>;
    let registry: Awaited<ReturnType<typeof recorder>>;
    before(async () => {
      other = await recorder((_url, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('tarball'));
      // 127.0.0.1 and localhost are two hosts to the credential's prefix: the redirect leaves the registry.
      registry = await recorder((url, response) => {
        if (url === '/away') return response.writeHead(302, { location: `http://localhost:${other.port}/file.tgz` }).end();
        if (url === '/here') return response.writeHead(301, { location: '/moved' }).end();
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    after(() => {
      other.server.close();
      registry.server.close();
    });

    const get = (url: string, credentials: RegistryCredential[]) =>
      fetchRegistry({ upstream: 'npm', kind: 'tarball', url, what: 'x', timeoutMs: 2000, metrics: createPackageMetrics() }, credentials);

    it('keeps the token on a redirect within the registry and drops it on one to another host', async () => {
      const credentials = [credential(`//127.0.0.1:${registry.port}/`, 'Bearer only-for-the-registry')];
      const moved = await get(`http://127.0.0.1:${registry.port}/here`, credentials);
      assert.equal(moved.status, 200);
      moved.body.resume();
      const away = await get(`http://127.0.0.1:${registry.port}/away`, credentials);
      assert.equal(away.status, 200);
      away.body.resume();
      assert.deepEqual(
        registry.seen.map((request) => request.authorization),
        ['Bearer only-for-the-registry', 'Bearer only-for-the-registry', 'Bearer only-for-the-registry'],
      );
      assert.deepEqual(other.seen, [{ url: '/file.tgz', authorization: undefined }]);
    });
  });
});

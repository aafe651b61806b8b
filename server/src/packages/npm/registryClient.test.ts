import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PRIVATE_FIXTURE_PACKAGES_DIR, startFixtureRegistry, type FixtureRegistry } from '../../../test/fixtures/upstream/index.ts';
import { Secret } from '../../config/secret.ts';
import { createPackageMetrics } from '../upstream/metrics.ts';
import { createRegistryClient, documentUrl, type RegistryClient } from './registryClient.ts';

describe('npm registry client', () => {
  let registry: FixtureRegistry;
  let client: RegistryClient;
  before(async () => {
    registry = await startFixtureRegistry();
    client = createRegistryClient({ registry: `${registry.url}/`, timeoutMs: 2000, metrics: createPackageMetrics() });
  });
  after(() => registry.close());

  it('encodes scoped names as npm does', () => {
    assert.equal(documentUrl('http://r.invalid', '@scope/name'), 'http://r.invalid/@scope%2Fname');
    assert.equal(documentUrl('http://r.invalid', 'plain'), 'http://r.invalid/plain');
  });

  it('knows where a tarball is by convention: where the documents name it, scoped or not', async () => {
    for (const name of ['tiny-lib', '@skylift-fixtures/scoped']) {
      const doc = await client.document(name, 'abbreviated');
      const version = doc.order.at(-1)!;
      assert.equal(client.tarballUrl(name, version), doc.versions[version]?.tarball);
    }
  });

  it('reads the abbreviated document: versions, dist-tags, deprecation, no publication times', async () => {
    const doc = await client.document('tiny-lib', 'abbreviated');
    assert.deepEqual(doc.order, ['2.0.0-beta.1', '1.2.0', '1.1.0', '1.0.0']);
    assert.deepEqual(doc.distTags, { latest: '1.1.0', beta: '2.0.0-beta.1', next: '2.0.0-beta.1' });
    assert.equal(doc.versions['1.2.0']?.deprecated, '1.2.0 has a bug, use 1.1.0');
    assert.match(doc.versions['1.0.0']?.integrity ?? '', /^sha512-/);
    assert.match(doc.versions['1.0.0']?.tarball ?? '', /\/tiny-lib\/-\/tiny-lib-1\.0\.0\.tgz$/);
    assert.equal(doc.time, undefined);
  });

  it('reads publication times from the full document', async () => {
    const doc = await client.document('tiny-lib', 'full');
    assert.equal(doc.time?.['1.0.0'], '2024-01-01T00:00:00.000Z');
  });

  it('reads scoped packages', async () => {
    const doc = await client.document('@skylift-fixtures/scoped', 'abbreviated');
    assert.equal(doc.name, '@skylift-fixtures/scoped');
    assert.deepEqual(doc.order, ['1.0.1', '1.0.0']);
  });

  it("turns 404s into the service's errors", async () => {
    await assert.rejects(client.document('missing-package', 'abbreviated'), { status: 404, message: 'Failed to fetch version info for missing-package.' });
    await assert.rejects(client.tarball('tiny-lib', '9.9.9', `${registry.url}/tiny-lib/-/tiny-lib-9.9.9.tgz`), {
      status: 404,
      message: "Couldn't find the requested release version 9.9.9.",
    });
  });

  it('turns a registry answering garbage into a 502', async () => {
    registry.setFailure({ mode: '500', match: (p: string) => p === '/only-index' });
    try {
      await assert.rejects(client.document('only-index', 'abbreviated'), { status: 502 });
    } finally {
      registry.setFailure(null);
    }
  });
});

describe('npm registry client with a scope registry that needs a token', () => {
  let main: FixtureRegistry;
  let acme: FixtureRegistry;
  let client: RegistryClient;
  before(async () => {
    main = await startFixtureRegistry();
    acme = await startFixtureRegistry({ token: 'acme-token', packagesDir: PRIVATE_FIXTURE_PACKAGES_DIR });
    client = createRegistryClient({
      registry: main.url,
      scopes: { '@acme': `${acme.url}/` },
      credentials: [{ prefix: `${acme.url.replace(/^http:/, '')}/`, authorization: new Secret('Bearer acme-token') }],
      timeoutMs: 2000,
      metrics: createPackageMetrics(),
    });
  });
  after(async () => {
    await main.close();
    await acme.close();
  });

  it("reads the scope's documents and tarballs there, with the scope registry's token", async () => {
    const doc = await client.document('@acme/secret', 'abbreviated');
    assert.deepEqual(doc.order, ['1.0.0']);
    const tarball = await client.tarball('@acme/secret', '1.0.0', doc.versions['1.0.0']!.tarball);
    assert.equal(tarball.status, 200);
    tarball.body.resume();
    assert.equal(main.totalRequests(), 0);
  });

  it('sends the token to no other host, a tarball address elsewhere included', async () => {
    await client.document('tiny-lib', 'abbreviated');
    const elsewhere = await client.tarball('@acme/secret', '1.0.0', `${main.url}${main.tarballPath('tiny-lib', '1.0.0')}`);
    elsewhere.body.resume();
    assert.deepEqual(main.authorizations(), []);
    assert.ok(acme.authorizations().every((header) => header === 'Bearer acme-token'));
  });
});

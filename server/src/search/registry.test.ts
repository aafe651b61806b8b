import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Secret } from '../config/secret.ts';
import { PRIVATE_FIXTURE_PACKAGES_DIR, startFixtureRegistry, type FixtureRegistry } from '../../test/fixtures/upstream/index.ts';
import { registryFetcher, registryVersionFetcher } from './registry.ts';

describe('search: registry documents behind tokens', () => {
  let main: FixtureRegistry;
  let acme: FixtureRegistry;
  before(async () => {
    main = await startFixtureRegistry({ token: 'main-token' });
    acme = await startFixtureRegistry({ token: 'acme-token', packagesDir: PRIVATE_FIXTURE_PACKAGES_DIR });
  });
  after(async () => {
    await main.close();
    await acme.close();
  });

  const npm = () => ({
    scopes: { '@acme': acme.url },
    credentials: [
      { prefix: `${main.url.replace(/^http:/, '')}/`, authorization: new Secret('Bearer main-token') },
      { prefix: `${acme.url.replace(/^http:/, '')}/`, authorization: new Secret('Bearer acme-token') },
    ],
  });

  it('fails without the token, as the registry refuses', async () => {
    await assert.rejects(registryFetcher(main.url, 2000)('tiny-lib'), /answered 401/);
  });

  it("asks a scope's registry for its packages, each registry with its own token only", async () => {
    const fetchDocument = registryFetcher(main.url, 2000, false, npm());
    assert.equal(((await fetchDocument('tiny-lib')) as { name: string }).name, 'tiny-lib');
    assert.equal(((await fetchDocument('@acme/secret')) as { name: string }).name, '@acme/secret');
    const manifest = (await registryVersionFetcher(main.url, 2000, npm())('@acme/secret', '1.0.0')) as { version: string };
    assert.equal(manifest.version, '1.0.0');
    assert.deepEqual(new Set(main.authorizations()), new Set(['Bearer main-token']));
    assert.deepEqual(acme.authorizations(), ['Bearer acme-token', 'Bearer acme-token']);
  });
});

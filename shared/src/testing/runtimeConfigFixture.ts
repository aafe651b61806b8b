/** A complete runtime configuration for tests, pointing the data API at `dataApiUrl`. */
import type { RuntimeConfig } from '../config/runtimeConfig';

export function testRuntimeConfig(dataApiUrl = 'http://127.0.0.1:9/data'): RuntimeConfig {
  return {
    brand: 'Skylift',
    wwwUrl: 'http://127.0.0.1:9',
    cdnUrl: 'http://127.0.0.1:9/cdn',
    dataApiUrl,
    purgeUrl: 'http://127.0.0.1:9/purge',
    esmRunUrl: 'http://127.0.0.1:9/esm',
    search: { appId: 'app', apiKey: 'search-key', indexName: 'npm-search', hostUrl: 'http://127.0.0.1:9/search' },
    remotesManifestUrl: '/remotes.json',
  };
}

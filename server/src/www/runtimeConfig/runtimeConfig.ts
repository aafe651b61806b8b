/**
 * The configuration the browser reads at `/config.json`: service URLs and search credentials come from
 * the server's configuration at run time, so the same website build runs against any deployment.
 */
import { BRAND } from '@skylift/shared/brand';
import type { RuntimeConfig } from '@skylift/shared/config';
import type { Config } from '../../config/config.ts';

export const REMOTES_MANIFEST_PATH = '/remotes.json';

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return {
    brand: BRAND.name,
    wwwUrl: config.services.www.publicUrl,
    cdnUrl: config.services.cdn.publicUrl,
    dataApiUrl: config.services.data.publicUrl,
    purgeUrl: config.services.purge.publicUrl,
    esmRunUrl: config.services.esmrun.publicUrl,
    search: {
      appId: config.search.appId,
      apiKey: config.search.apiKey,
      indexName: config.search.indexName,
      hostUrl: config.search.hostUrl,
    },
    remotesManifestUrl: REMOTES_MANIFEST_PATH,
  };
}

/**
 * GCore: one purge call per CDN resource for the whole list (`POST /cdn/resources/{id}/purge`); the
 * resource is our CDN's host, so GCore takes paths rather than full URLs.
 */
import { call, everyUrl, type ProviderHttp, type PurgeProvider } from './provider.ts';

export function gcoreProvider(options: { apiUrl: string; resourceId: string; token: string }, http: ProviderHttp): PurgeProvider {
  return {
    code: 'GC',
    async purge(urls) {
      const paths = urls.map((url) => {
        const parsed = new URL(url);
        return `${parsed.pathname}${parsed.search}`;
      });
      const ok = await call(http, `${options.apiUrl}/cdn/resources/${encodeURIComponent(options.resourceId)}/purge`, {
        method: 'POST',
        headers: { authorization: `APIKey ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ urls: paths }),
      });
      return everyUrl(urls, ok);
    },
  };
}

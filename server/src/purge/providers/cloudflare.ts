/** Cloudflare: one "purge files by URL" call per zone for the whole list (`POST /zones/{zone}/purge_cache`). */
import { call, everyUrl, field, type ProviderHttp, type PurgeProvider } from './provider.ts';

export function cloudflareProvider(options: { apiUrl: string; zoneId: string; token: string }, http: ProviderHttp): PurgeProvider {
  return {
    code: 'CF',
    async purge(urls) {
      const ok = await call(
        http,
        `${options.apiUrl}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ files: urls }),
        },
        (body) => field(body, 'success') === true,
      );
      return everyUrl(urls, ok);
    },
  };
}

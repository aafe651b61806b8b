/** Bunny: one "purge URL" call per URL (`POST /purge?url=...`), authenticated with AccessKey. */
import { call, perUrl, type ProviderHttp, type PurgeProvider } from './provider.ts';

export function bunnyProvider(options: { apiUrl: string; accessKey: string }, http: ProviderHttp): PurgeProvider {
  return {
    code: 'BN',
    purge: (urls) =>
      perUrl(urls, (url) =>
        call(http, `${options.apiUrl}/purge?url=${encodeURIComponent(url)}&async=false`, { method: 'POST', headers: { accesskey: options.accessKey } }),
      ),
  };
}

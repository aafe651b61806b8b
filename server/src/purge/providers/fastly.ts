/** Fastly: one "purge a URL" call per URL (`POST /purge/{host and path}`), authenticated with Fastly-Key. */
import { call, field, perUrl, type ProviderHttp, type PurgeProvider } from './provider.ts';

export function fastlyProvider(options: { apiUrl: string; token: string }, http: ProviderHttp): PurgeProvider {
  return {
    code: 'FY',
    purge: (urls) =>
      perUrl(urls, (url) =>
        call(
          http,
          `${options.apiUrl}/purge/${url.replace(/^https?:\/\//, '')}`,
          { method: 'POST', headers: { 'fastly-key': options.token, accept: 'application/json' } },
          (body) => field(body, 'status') === 'ok',
        ),
      ),
  };
}

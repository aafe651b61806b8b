/**
 * What the web server answers the shell in tests: /remotes.json (read again on a Retry) and /blog/rss, and
 * the data API's periods, through a fetch replacement. Remotes themselves are never loaded: tests mock
 * loadRemoteModule.
 */
import { BRAND } from '@skylift/shared/brand';
import { setRuntimeConfig } from '@skylift/shared';
import { TEST_REMOTES } from './testSite';

export const TEST_CONFIG = {
  brand: BRAND.name,
  wwwUrl: 'http://localhost',
  cdnUrl: 'http://localhost:4001',
  dataApiUrl: 'http://localhost:4002',
  purgeUrl: 'http://localhost:4004',
  esmRunUrl: 'http://localhost:4005',
  search: { appId: 'test', apiKey: 'test', indexName: 'npm-search', hostUrl: 'http://localhost:4003' },
  remotesManifestUrl: '/remotes.json',
};

export { TEST_REMOTES };

export function rssFeed(items: Array<{ title: string; link: string; pubDate: string }>): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Blog</title>${items
    .map((item) => `<item><title>${item.title}</title><link>${item.link}</link><pubDate>${item.pubDate}</pubDate></item>`)
    .join('')}</channel></rss>`;
}

interface FakeResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

const respond = (status: number, body: string): FakeResponse => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => JSON.parse(body) as unknown,
  text: async () => body,
});

export interface FakeSiteOptions {
  blogRss?: string | null;
}

/** Installs the fake web server, and the runtime configuration the boot document would give; returns the list of requested paths. */
export function installFakeSite({ blogRss = rssFeed([]) }: FakeSiteOptions = {}): string[] {
  setRuntimeConfig(TEST_CONFIG);
  const requested: string[] = [];
  const fake = async (input: RequestInfo | URL): Promise<FakeResponse> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost/');
    requested.push(url.pathname);
    if (url.pathname === '/remotes.json') return respond(200, JSON.stringify(TEST_REMOTES));
    if (url.pathname === '/blog/rss' && blogRss !== null) return respond(200, blogRss);
    if (url.pathname === '/v1/stats/periods') return respond(200, '[]');
    return respond(404, JSON.stringify({ status: 404, message: 'Not found' }));
  };
  globalThis.fetch = fake as unknown as typeof fetch;
  return requested;
}

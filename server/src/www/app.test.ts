/**
 * The web server's pages, build files, runtime configuration, blog feed and share image, and observability,
 * over a fake build; and without a build. As remotes and the content file change: `remoteChanges.test.ts`;
 * the content security policy it serves: `servedPolicy.test.ts`.
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { BRAND } from '@skylift/shared/brand';
import { fillTemplate, matchPattern } from '@skylift/shared/pages';
import { buildWwwApp } from './app.ts';
import {
  FAKE_DECLARATIONS,
  REMOTE_CHUNK,
  REMOTE_STANDALONE_HTML,
  SECRET,
  SHELL_SCRIPT,
  createFakeBuild,
  testConfig,
  type FakeBuild,
} from './testing/fakeBuild.ts';

const WWW = 'https://www.example.test';

function head(html: string): Document {
  return new JSDOM(html).window.document;
}
const metaContent = (doc: Document, selector: string): string | null => doc.querySelector(selector)?.getAttribute('content') ?? null;

describe('www', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  let remotesFile: string;

  before(async () => {
    build = createFakeBuild();
    remotesFile = path.join(build.root, 'remotes-override.json');
    app = await buildWwwApp(testConfig(build.root), { remotesFile });
  });
  after(async () => {
    await app.close();
    build.remove();
  });

  describe('pages', () => {
    it('answers every page the remotes declare with its own title and description, filled in from the address', async () => {
      for (const { pages } of FAKE_DECLARATIONS) {
        for (const page of pages) {
          const url = page.example ?? page.path;
          const params = matchPattern(page.path, url) ?? {};
          const response = await app.inject({ url });
          assert.equal(response.statusCode, 200, url);
          assert.match(String(response.headers['content-type']), /^text\/html/);
          const doc = head(response.body);
          assert.equal(doc.querySelectorAll('title').length, 1, `${url} has one title`);
          assert.equal(doc.title, fillTemplate(page.title, params), url);
          if (!page.path.startsWith('/package/')) assert.equal(metaContent(doc, 'meta[name="description"]'), page.description, url);
          assert.equal(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), `${WWW}${url === '/' ? '/' : url}`, url);
          assert.ok(!response.body.includes('<!--route-meta-->'), `${url}: the marker is replaced`);
        }
      }
    });

    it('answers addresses that break a declared parameter rule, or that no remote claims, with 404', async () => {
      for (const url of ['/package/npm/not-a-scope/name', '/globalping/network-tools/teleport', '/tools/purge', '/statistics/extra']) {
        assert.equal((await app.inject({ url })).statusCode, 404, url);
      }
    });

    it('writes the boot document into the page: configuration, remotes, their pages and the site content, safe inside a script', async () => {
      const response = await app.inject({ url: '/about' });
      const doc = head(response.body);
      const element = doc.getElementById('skylift-boot');
      assert.equal(element?.getAttribute('type'), 'application/json');
      const boot = JSON.parse(element?.textContent ?? 'null') as {
        config: { cdnUrl: string };
        remotes: Record<string, string>;
        pages: Array<{ remote: string }>;
        content: { sponsors: unknown[] };
      };
      assert.equal(boot.config.cdnUrl, 'https://cdn.example.test');
      assert.equal(boot.remotes['mf-tools'], `${WWW}/remotes/mf-tools/mf-manifest.json`);
      assert.deepEqual(
        boot.pages.map((p) => p.remote),
        ['mf-search', 'mf-package', 'mf-stats', 'mf-marketing'],
        'in the order of the manifest; mf-tools has no build here',
      );
      assert.deepEqual(boot.content.sponsors, [], 'a fresh install names no sponsor');
      const fromJson = (await app.inject({ url: '/boot.json' })).json();
      assert.deepEqual(fromJson, boot, '/boot.json serves the same document');
      // A title with markup cannot close the script element.
      const hostile = await app.inject({ url: '/package/npm/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
      assert.equal(head(hostile.body).querySelectorAll('script').length, 2, 'the boot document and the shell script, nothing more');
    });

    it('gives link previews the title, description, URL, site name and share image', async () => {
      const response = await app.inject({ url: '/statistics' });
      const doc = head(response.body);
      assert.equal(metaContent(doc, 'meta[property="og:title"]'), `Statistics - ${BRAND.name}`);
      assert.equal(metaContent(doc, 'meta[property="og:site_name"]'), BRAND.name);
      assert.equal(metaContent(doc, 'meta[property="og:url"]'), `${WWW}/statistics`);
      assert.equal(metaContent(doc, 'meta[property="og:image"]'), `${WWW}/assets/og-default.png`);
      assert.match(metaContent(doc, 'meta[property="og:description"]') ?? '', /Usage and network statistics/);
      assert.equal(metaContent(doc, 'meta[name="twitter:card"]'), 'summary_large_image');
      assert.equal(metaContent(doc, 'meta[name="twitter:title"]'), `Statistics - ${BRAND.name}`);
      assert.equal(metaContent(doc, 'meta[name="robots"]'), null);
    });

    it('names the package in the title of a package page, escaped in HTML', async () => {
      const scoped = head((await app.inject({ url: '/package/npm/@babel/core' })).body);
      assert.equal(scoped.title, `@babel/core CDN by ${BRAND.name} - A CDN for npm and GitHub`);
      const gh = head((await app.inject({ url: '/package/gh/octo/repo' })).body);
      assert.equal(gh.title, `octo/repo CDN by ${BRAND.name} - A CDN for npm and GitHub`);

      const response = await app.inject({ url: '/package/npm/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%26amp%3B%25' });
      assert.equal(response.statusCode, 200);
      assert.ok(!response.body.includes('<img'), 'no markup injected');
      const doc = head(response.body);
      assert.equal(doc.title, `"><img src=x onerror=alert(1)>&amp;% CDN by ${BRAND.name} - A CDN for npm and GitHub`);
      assert.equal(metaContent(doc, 'meta[property="og:title"]'), doc.title);
      assert.equal(doc.querySelectorAll('img').length, 0);
    });

    it("draws a page's declared heading and its description in the HTML's first paint, and nothing for a page without one", async () => {
      const home = new JSDOM((await app.inject({ url: '/' })).body).window.document;
      const first = home.querySelector('#root .boot-first');
      assert.equal(first?.querySelector('[role="heading"][aria-level="1"]')?.textContent, BRAND.tagline);
      assert.ok(first?.textContent?.endsWith(BRAND.defaultDescription));
      const about = new JSDOM((await app.inject({ url: '/about' })).body).window.document;
      assert.equal(about.querySelector('.boot-first'), null);
      assert.ok(!(await app.inject({ url: '/about' })).body.includes('<!--first-paint-->'));
    });

    it('treats a trailing slash as the same page, with the same canonical URL', async () => {
      const doc = head((await app.inject({ url: '/about/' })).body);
      assert.equal(doc.title, `About us - ${BRAND.name}`);
      assert.equal(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), `${WWW}/about`);
    });

    it('answers an unknown address with the shell, status 404, a "Page not found" title and noindex', async () => {
      const response = await app.inject({ url: '/no/such/page?x=1' });
      assert.equal(response.statusCode, 404);
      const doc = head(response.body);
      assert.equal(doc.title, `Page not found - ${BRAND.name}`);
      assert.equal(metaContent(doc, 'meta[name="robots"]'), 'noindex');
      assert.equal(doc.querySelector('link[rel="canonical"]'), null);
      assert.ok(doc.querySelector('#root'), 'the shell renders its 404 page in the frame');
    });

    it('answers a missing file with a plain 404, not a page', async () => {
      const response = await app.inject({ url: '/main.deadbeef99.js' });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { status: 404, message: 'File not found: /main.deadbeef99.js' });
    });

    it('redirects /rawgit and /features to / permanently; /discord is no page while the content names no chat community', async () => {
      for (const url of ['/rawgit', '/features', '/features/']) {
        const response = await app.inject({ url });
        assert.equal(response.statusCode, 301, url);
        assert.equal(response.headers.location, '/');
      }
      assert.equal((await app.inject({ url: '/discord' })).statusCode, 404);
    });

    it('lets HTML be revalidated: no-cache, ETag and 304', async () => {
      const first = await app.inject({ url: '/about' });
      assert.equal(first.headers['cache-control'], 'no-cache');
      const etag = String(first.headers.etag);
      assert.ok(etag.length > 2);
      const second = await app.inject({ url: '/about', headers: { 'if-none-match': etag } });
      assert.equal(second.statusCode, 304);
      assert.equal(second.body, '');
      const other = await app.inject({ url: '/sponsors', headers: { 'if-none-match': etag } });
      assert.equal(other.statusCode, 200, 'another page has another ETag');
    });

    it('serves /index.html as the home page, filled in', async () => {
      const doc = head((await app.inject({ url: '/index.html' })).body);
      assert.equal(doc.title, BRAND.defaultTitle);
    });

    it('compresses pages on the fly', async () => {
      const response = await app.inject({ url: '/documentation', headers: { 'accept-encoding': 'gzip' } });
      assert.equal(response.headers['content-encoding'], 'gzip');
      assert.match(gunzipSync(response.rawPayload).toString(), /<title>Documentation - /);
    });
  });

  describe('build files', () => {
    it('caches content-hashed files for a year, immutably', async () => {
      const response = await app.inject({ url: `/${SHELL_SCRIPT}` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.match(String(response.headers['content-type']), /javascript/);
      assert.equal(response.body, build.hashedScript);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
    });

    it('serves the precompressed sibling the client prefers, with Vary', async () => {
      const br = await app.inject({ url: `/${SHELL_SCRIPT}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(String(br.headers.vary), /accept-encoding/i);
      assert.equal(brotliDecompressSync(br.rawPayload).toString(), build.hashedScript);

      const gz = await app.inject({ url: `/${SHELL_SCRIPT}`, headers: { 'accept-encoding': 'gzip, br;q=0' } });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gz.rawPayload).toString(), build.hashedScript);

      const plain = await app.inject({ url: `/${SHELL_SCRIPT}`, headers: { 'accept-encoding': 'identity' } });
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(String(plain.headers.vary), /accept-encoding/i);
      assert.notEqual(plain.headers.etag, br.headers.etag, 'each encoding has its own ETag');
    });

    it('compresses text files without a sibling on the fly', async () => {
      const response = await app.inject({ url: '/licenses.txt', headers: { 'accept-encoding': 'br' } });
      assert.equal(response.headers['content-encoding'], 'br');
      assert.match(brotliDecompressSync(response.rawPayload).toString(), /^MIT License\. MIT/);
      assert.equal(response.headers['cache-control'], 'no-cache');
    });

    it("serves a remote's files under /remotes/<name>/ with CORS", async () => {
      const manifest = await app.inject({ url: '/remotes/mf-search/mf-manifest.json' });
      assert.equal(manifest.statusCode, 200);
      assert.equal(manifest.json().name, 'mf-search');
      assert.equal(manifest.headers['access-control-allow-origin'], '*');
      assert.equal(manifest.headers['cache-control'], 'no-cache');

      const entry = await app.inject({ url: '/remotes/mf-search/remoteEntry.js' });
      assert.equal(entry.headers['cache-control'], 'no-cache');
      assert.equal(entry.headers['access-control-allow-origin'], '*');
      const again = await app.inject({ url: '/remotes/mf-search/remoteEntry.js', headers: { 'if-none-match': String(entry.headers.etag) } });
      assert.equal(again.statusCode, 304);

      const chunk = await app.inject({ url: `/remotes/mf-search/${REMOTE_CHUNK}` });
      assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(chunk.headers['access-control-allow-origin'], '*');
    });

    it("serves a remote's standalone page at /remotes/<name>/", async () => {
      const page = await app.inject({ url: '/remotes/mf-search/' });
      assert.equal(page.statusCode, 200);
      assert.equal(page.body, REMOTE_STANDALONE_HTML);
      assert.equal(page.headers['cache-control'], 'no-cache');
      const bare = await app.inject({ url: '/remotes/mf-search' });
      assert.equal(bare.statusCode, 301);
      assert.equal(bare.headers.location, '/remotes/mf-search/');
    });

    it('says how to build a remote whose build is missing, and rejects unknown remotes', async () => {
      const missing = await app.inject({ url: '/remotes/mf-tools/mf-manifest.json' });
      assert.equal(missing.statusCode, 404);
      assert.match(missing.json().message, /mf-tools remote has not been built yet\. Run `npm run build`/);
      const unknown = await app.inject({ url: '/remotes/mf-nothing/mf-manifest.json' });
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().message, 'There is no remote named "mf-nothing".');
      const absent = await app.inject({ url: '/remotes/mf-search/nothing.js' });
      assert.equal(absent.statusCode, 404);
    });

    it('never serves anything outside the build folders', async () => {
      const attempts = [
        '/../secret.txt',
        '/../../secret.txt',
        '/remotes/mf-search/../../../secret.txt',
        '/remotes/mf-search/%2e%2e/%2e%2e/%2e%2e/secret.txt',
        '/remotes/mf-search/%2E%2E%2F%2E%2E%2F%2E%2E%2Fsecret.txt',
        '/remotes/mf-search/..%5c..%5c..%5csecret.txt',
        `/${build.root}/secret.txt`,
        `//${build.root}/secret.txt`,
        '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      ];
      for (const url of attempts) {
        const response = await app.inject({ url });
        assert.ok(!response.body.includes(SECRET), `${url} must not reach the secret`);
        assert.ok(!response.body.includes('root:x:0'), `${url} must not reach /etc/passwd`);
        assert.ok(response.statusCode === 404 || response.statusCode === 400, `${url}: ${response.statusCode}`);
      }
    });

    it('does not publish dotfiles of a build', async () => {
      writeFileSync(path.join(build.remoteDir, '.build-stamp'), '2026-01-01T00:00:00.000Z');
      const response = await app.inject({ url: '/remotes/mf-search/.build-stamp' });
      assert.equal(response.statusCode, 404);
      assert.ok(!response.body.includes('2026-01-01'));
    });

    it('rejects NUL bytes and broken percent-encoding with 400 and a message', async () => {
      for (const url of ['/main.js%00.html', '/remotes/mf-search/remoteEntry.js%00', '/%E0%A4%A']) {
        const response = await app.inject({ url });
        assert.equal(response.statusCode, 400, url);
        assert.equal(response.json().status, 400);
        assert.ok(!/at .*\.ts:\d+/.test(response.body), 'no stack trace');
      }
    });

    it('answers methods other than GET and HEAD with 405', async () => {
      const response = await app.inject({ method: 'POST', url: '/about' });
      assert.equal(response.statusCode, 405);
      // OPTIONS too: the CORS preflight is answered on every address.
      assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS');
    });

    it('answers HEAD like GET without a body', async () => {
      const response = await app.inject({ method: 'HEAD', url: `/${SHELL_SCRIPT}` });
      assert.equal(response.statusCode, 200);
      assert.equal(response.body, '');
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    });
  });

  describe('runtime configuration', () => {
    it('serves /config.json from the configured public URLs, revalidated', async () => {
      const response = await app.inject({ url: '/config.json' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        brand: BRAND.name,
        wwwUrl: WWW,
        cdnUrl: 'https://cdn.example.test',
        dataApiUrl: 'https://data.example.test',
        purgeUrl: 'https://purge.example.test',
        esmRunUrl: 'https://esm.example.test',
        search: { appId: 'SKYLIFT', apiKey: 'public-search-key', indexName: 'npm-search', hostUrl: 'https://search.example.test/prefix' },
        remotesManifestUrl: '/remotes.json',
      });
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.equal(response.headers['access-control-allow-origin'], '*');
      const again = await app.inject({ url: '/config.json', headers: { 'if-none-match': String(response.headers.etag) } });
      assert.equal(again.statusCode, 304);
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/config.json',
        headers: { origin: 'https://other.example.test', 'access-control-request-method': 'GET' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.equal((await app.inject({ url: '/about' })).headers['access-control-allow-origin'], undefined, 'pages stay same-origin');
    });

    it('adds what the esm.run page links to when the deployment sets it', async () => {
      const build = createFakeBuild();
      const config = {
        ...testConfig(build.root),
        esmTools: { sandboxUrl: 'https://sandbox.example.test/post', moduleCdns: [{ name: 'Other', template: 'https://other.example.test/{name}' }] },
      };
      const withEsm = await buildWwwApp(config);
      try {
        assert.deepEqual((await withEsm.inject({ url: '/config.json' })).json().esm, config.esmTools);
      } finally {
        await withEsm.close();
        build.remove();
      }
    });

    it('serves /remotes.json, and follows the override file as it changes', async () => {
      const defaults = await app.inject({ url: '/remotes.json' });
      assert.equal(defaults.headers['cache-control'], 'no-cache');
      assert.deepEqual(defaults.json(), {
        'mf-search': `${WWW}/remotes/mf-search/mf-manifest.json`,
        'mf-package': `${WWW}/remotes/mf-package/mf-manifest.json`,
        'mf-stats': `${WWW}/remotes/mf-stats/mf-manifest.json`,
        'mf-tools': `${WWW}/remotes/mf-tools/mf-manifest.json`,
        'mf-marketing': `${WWW}/remotes/mf-marketing/mf-manifest.json`,
      });
      const etag = String(defaults.headers.etag);
      assert.equal((await app.inject({ url: '/remotes.json', headers: { 'if-none-match': etag } })).statusCode, 304);

      writeFileSync(remotesFile, JSON.stringify({ 'mf-stats': 'https://stats.example.test/v2/mf-manifest.json' }));
      const moved = await app.inject({ url: '/remotes.json', headers: { 'if-none-match': etag } });
      assert.equal(moved.statusCode, 200, 'the changed manifest is not answered with 304');
      assert.equal(moved.json()['mf-stats'], 'https://stats.example.test/v2/mf-manifest.json');
      assert.equal(moved.json()['mf-search'], `${WWW}/remotes/mf-search/mf-manifest.json`);

      writeFileSync(
        remotesFile,
        JSON.stringify({ 'mf-stats': '/remotes/mf-stats-v3/mf-manifest.json', 'mf-tools': 'https://tools.example.test/mf-manifest.json' }),
      );
      const movedAgain = (await app.inject({ url: '/remotes.json' })).json();
      assert.equal(movedAgain['mf-stats'], `${WWW}/remotes/mf-stats-v3/mf-manifest.json`, 'relative entries resolve against the web server');
      assert.equal(movedAgain['mf-tools'], 'https://tools.example.test/mf-manifest.json');

      writeFileSync(remotesFile, '{ "mf-stats": ');
      const broken = (await app.inject({ url: '/remotes.json' })).json();
      assert.equal(broken['mf-tools'], 'https://tools.example.test/mf-manifest.json', 'a half-written file keeps the last good entries');

      rmSync(remotesFile);
      const restored = (await app.inject({ url: '/remotes.json' })).json();
      assert.equal(restored['mf-stats'], `${WWW}/remotes/mf-stats/mf-manifest.json`);
    });
  });

  describe('blog feed and share image', () => {
    it('serves /blog/rss as RSS 2.0 with items newest first', async () => {
      const response = await app.inject({ url: '/blog/rss' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^application\/rss\+xml/);
      assert.match(String(response.headers['cache-control']), /max-age=\d+/);
      const doc = new JSDOM(response.body, { contentType: 'application/xml' }).window.document;
      assert.equal(doc.getElementsByTagName('parsererror').length, 0);
      assert.equal(doc.documentElement.getAttribute('version'), '2.0');
      const items = [...doc.getElementsByTagName('item')];
      assert.ok(items.length >= 6, `${items.length} posts`);
      const field = (item: Element, name: string): string => item.getElementsByTagName(name)[0]?.textContent ?? '';
      const dates = items.map((item) => Date.parse(field(item, 'pubDate')));
      for (const date of dates) assert.ok(Number.isFinite(date));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => b - a),
      );
      for (const item of items) {
        assert.ok(field(item, 'title').length > 10);
        assert.ok(field(item, 'description').length > 40);
        assert.ok(field(item, 'link').startsWith(`${WWW}/blog/`));
      }
    });

    it("gives an npm package page its own share image, rendered with the package's name", async () => {
      const doc = head((await app.inject({ url: '/package/npm/@babel/core' })).body);
      const image = metaContent(doc, 'meta[property="og:image"]');
      assert.equal(image, `${WWW}/open-graph/image/npm/%40babel/core`);
      assert.equal(metaContent(doc, 'meta[name="twitter:image"]'), image);
      const response = await app.inject({ url: new URL(image ?? '').pathname });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'image/png');
      assert.equal(response.rawPayload.readUInt32BE(16), 1200);
      const other = await app.inject({ url: '/open-graph/image/npm/react' });
      assert.notDeepEqual(other.rawPayload, response.rawPayload, 'each package has its own image');
      assert.notEqual(other.headers.etag, response.headers.etag);
    });

    it('refuses share images for names that cannot be npm packages', async () => {
      const response = await app.inject({ url: '/open-graph/image/npm/.hidden' });
      assert.equal(response.statusCode, 400);
      assert.match(response.json().message, /is not a valid npm package name\.$/);
      assert.equal((await app.inject({ url: '/open-graph/image/npm/Has%20Spaces' })).statusCode, 400);
      assert.equal((await app.inject({ url: '/open-graph/image/npm/..%2F..%2Fetc' })).statusCode, 404);
    });

    it('serves the default share image as a 1200x630 PNG', async () => {
      const response = await app.inject({ url: '/assets/og-default.png' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'image/png');
      const png = response.rawPayload;
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      assert.equal(png.readUInt32BE(16), 1200);
      assert.equal(png.readUInt32BE(20), 630);
    });
  });

  describe('observability', () => {
    it('answers /healthz', async () => {
      assert.deepEqual((await app.inject({ url: '/healthz' })).json(), { status: 'ok', service: 'www' });
    });
  });
});

describe('www without a build', () => {
  it('explains how to build instead of failing', async () => {
    const build = createFakeBuild();
    rmSync(build.shellDir, { recursive: true });
    const app = await buildWwwApp(testConfig(build.root));
    try {
      const response = await app.inject({ url: '/statistics' });
      assert.equal(response.statusCode, 503);
      assert.match(response.body, /npm run build/);
      assert.equal((await app.inject({ url: '/config.json' })).statusCode, 200, 'the configuration is still served');
    } finally {
      await app.close();
      build.remove();
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { BRAND } from '@skylift/shared/brand';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { PackageError } from '../../packages/types.ts';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { packageOfPage } from './packageFacts.ts';
import { shareImageSvg } from './shareImage.ts';

const store = new MemoryPackageStore([
  {
    ref: { type: 'npm', name: 'good-lib' },
    versions: { '1.0.0': { files: { '/index.js': '' }, manifest: { name: 'good-lib', description: 'Tiny helpers for good code' } } },
    tags: { latest: '1.0.0' },
  },
  {
    ref: { type: 'npm', name: '@scope/quiet' },
    versions: { '1.0.0': { files: { '/index.js': '' }, manifest: { name: '@scope/quiet' } } },
    tags: { latest: '1.0.0' },
  },
  { ref: { type: 'npm', name: 'flaky' }, versions: { '1.0.0': { files: { '/index.js': '' } } } },
  { ref: { type: 'gh', name: 'octo/widgets' }, versions: { '1.0.0': { files: { '/README.md': '' } } } },
]);
store.resolveFailures.set('flaky', PackageError.upstreamFailed('flaky'));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG signature');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('package share images and page metadata', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  before(async () => {
    build = createFakeBuild();
    app = await buildWwwApp(testConfig(build.root), { packageStore: store });
  });
  after(async () => {
    await app.close();
    build.remove();
  });

  const head = async (url: string) => {
    const response = await app.inject({ url });
    return { response, doc: new JSDOM(response.body).window.document };
  };
  const meta = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null;

  it('renders a 1200x630 PNG per package', async () => {
    const response = await app.inject({ url: '/open-graph/image/npm/good-lib' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.deepEqual(pngSize(response.rawPayload), { width: 1200, height: 630 });
    const scoped = await app.inject({ url: '/open-graph/image/npm/@scope/quiet' });
    assert.equal(scoped.statusCode, 200);
    assert.notDeepEqual(scoped.rawPayload, response.rawPayload, 'each package has its own image');
  });

  it('draws the name, the description and the brand', () => {
    const svg = shareImageSvg('good-lib', 'Tiny helpers for good code', `${BRAND.name} · free CDN`);
    assert.match(svg, /good-lib/);
    assert.match(svg, /Tiny helpers for good code/);
    assert.match(svg, new RegExp(BRAND.name));
    assert.doesNotMatch(shareImageSvg('<script>', 'a & b'), /<script>/, 'text is escaped');
  });

  it('refuses a name npm would not accept', async () => {
    const response = await app.inject({ url: '/open-graph/image/npm/Bad%20Name!' });
    assert.equal(response.statusCode, 400);
  });

  it('gives a package page its description, canonical address and share image', async () => {
    const { response, doc } = await head('/package/npm/good-lib');
    assert.equal(response.statusCode, 200);
    assert.equal(doc.title, `good-lib CDN by ${BRAND.name} - A CDN for npm and GitHub`);
    assert.match(meta(doc, 'meta[name="description"]') ?? '', /^Tiny helpers for good code\. /);
    assert.equal(meta(doc, 'meta[name="robots"]'), null);
    assert.ok(doc.querySelector('link[rel="canonical"]'));
    assert.match(meta(doc, 'meta[property="og:image"]') ?? '', /\/open-graph\/image\/npm\/good-lib$/);
  });

  it("answers the page of a package that does not exist with a 404, noindex, no canonical address and the catalogue's sentence", async () => {
    for (const [url, name] of [
      ['/package/npm/no-such-package', 'no-such-package'],
      ['/package/gh/octo/nothing', 'octo/nothing'],
    ] as const) {
      const { response, doc } = await head(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(meta(doc, 'meta[name="robots"]'), 'noindex', url);
      assert.equal(doc.querySelector('link[rel="canonical"]'), null, url);
      const sentence = `Package ${name} was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.`;
      assert.equal(meta(doc, 'meta[name="description"]'), sentence, url);
      // Drawn before any script runs, for a visitor and a crawler alike.
      assert.equal(doc.querySelector('.boot-first')?.textContent, `Package not found${sentence}`, url);
    }
    const { doc } = await head('/package/gh/octo/widgets');
    assert.equal(meta(doc, 'meta[name="robots"]'), null);
  });

  it("preloads what the page asks for first: its versions, and the shown version's package.json, entry points and readme", async () => {
    const preloads = (doc: Document) =>
      Array.from(doc.querySelectorAll('link[rel="preload"]')).map((link) => [
        link.getAttribute('href'),
        link.getAttribute('as'),
        link.getAttribute('crossorigin'),
      ]);
    const config = testConfig(build.root);
    const data = config.services.data.publicUrl;
    const www = config.services.www.publicUrl;
    assert.deepEqual(preloads((await head('/package/npm/good-lib')).doc), [
      [`${data}/v1/packages/npm/good-lib/versions`, 'fetch', 'anonymous'],
      [`${data}/v1/packages/npm/good-lib@1.0.0/manifest`, 'fetch', 'anonymous'],
      [`${data}/v1/packages/npm/good-lib@1.0.0/entrypoints`, 'fetch', 'anonymous'],
      [`${www}/readme/npm/good-lib/1.0.0`, 'fetch', 'anonymous'],
    ]);
    // The version in the address when the package has it; a repository has no entry points.
    assert.equal(preloads((await head('/package/npm/@scope/quiet?version=1.0.0')).doc)[1]?.[0], `${data}/v1/packages/npm/@scope/quiet@1.0.0/manifest`);
    assert.deepEqual(
      preloads((await head('/package/gh/octo/widgets')).doc).map(([href]) => href),
      [`${data}/v1/packages/gh/octo/widgets/versions`, `${data}/v1/packages/gh/octo/widgets@1.0.0/manifest`, `${www}/readme/gh/octo/widgets/1.0.0`],
    );
    assert.deepEqual(preloads((await head('/package/npm/no-such-package')).doc), []);
  });

  it('keeps the generic texts, indexable, when the upstream fails', async () => {
    const { response, doc } = await head('/package/npm/flaky');
    assert.equal(response.statusCode, 200);
    assert.equal(meta(doc, 'meta[name="robots"]'), null);
    assert.match(meta(doc, 'meta[name="description"]') ?? '', /^A free, fast, and reliable CDN for flaky/);
  });
});

describe('packageOfPage', () => {
  it('reads npm, scoped npm and GitHub page addresses', () => {
    assert.deepEqual(packageOfPage('/package/npm/react'), { type: 'npm', name: 'react' });
    assert.deepEqual(packageOfPage('/package/npm/@babel/core'), { type: 'npm', name: '@babel/core' });
    assert.deepEqual(packageOfPage('/package/gh/user/repo'), { type: 'gh', name: 'user/repo' });
    assert.equal(packageOfPage('/package/npm/a/b'), null);
    assert.equal(packageOfPage('/about'), null);
  });
});

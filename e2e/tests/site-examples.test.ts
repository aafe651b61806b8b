/**
 * Examples that cannot rot: every CDN, data API and esm.run address the site shows as an example or builds as
 * a link (support/siteExamples.ts) is fetched from the product as `npm start` runs it, against the fixture
 * registry, GitHub and WordPress.org on loopback, and must answer 200 (esm.run after its redirect). A new
 * example naming a package, version or file the fixtures lack fails here until the fixture has it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startProduct, type RunningProduct } from '../support/product.ts';
import { collectSiteExamples, type CollectedExamples, type SiteExample } from '../support/siteExamples.ts';
import { startUpstreams, type Upstreams } from '../support/upstreams.ts';

let upstreams: Upstreams;
let product: RunningProduct;
let collected: CollectedExamples;

before(async () => {
  upstreams = await startUpstreams();
  // The services the examples address; the website and search are not needed to answer them.
  product = await startProduct({ env: upstreams.env, services: ['cdn', 'data', 'esmrun'] });
  collected = await collectSiteExamples({ cdnUrl: product.urls['cdn']!, dataApiUrl: product.urls['data']!, esmRunUrl: product.urls['esmrun']! });
});

after(async () => {
  await product?.stop();
  await upstreams?.stop();
});

/** The answer a visitor's browser ends on: redirects followed, as a pasted link or an import is. */
async function statusOf(example: SiteExample): Promise<string | null> {
  try {
    const response = await fetch(example.url, { signal: AbortSignal.timeout(30_000) });
    const body = await response.text();
    return response.status === 200 ? null : `${response.status} ${body.slice(0, 160)}`;
  } catch (error) {
    return (error as Error).message;
  }
}

test('the site shows examples from every source it has', () => {
  const where = new Set(collected.examples.map((example) => example.where.replace(/ \(.*$/, '').replace(/,.*$/, '')));
  for (const source of [
    'home page',
    'mf-marketing/content/documentation.md',
    'mf-marketing/content/sri.md',
    '/esm.sh converter table',
    '/skypack converter table',
    '/foundationcdn',
    '/gsap',
    'the collection',
  ]) {
    assert.ok(where.has(source), `no example collected from ${source}: ${[...where].join(', ')}`);
  }
  assert.ok(
    collected.examples.some((example) => example.where.startsWith('mf-marketing/content/blog/')),
    'the blog posts have examples',
  );
  for (const kind of ['/npm/', '/gh/', '/wp/', '/combine/', '/+esm', '/v1/']) {
    assert.ok(
      collected.examples.some((example) => example.url.includes(kind)),
      `an example of ${kind}`,
    );
  }
  assert.ok(
    collected.examples.some((example) => example.url.startsWith(product.urls['esmrun']!)),
    'an esm.run example',
  );
});

test('every example address answers 200 from the product', async () => {
  const unique = [...new Map(collected.examples.map((example) => [example.url, example])).values()];
  const failures: string[] = [];
  // A few at a time: a cold +esm build or archive download each, on a machine the whole product shares.
  for (let i = 0; i < unique.length; i += 4) {
    const batch = unique.slice(i, i + 4);
    const answers = await Promise.all(batch.map(statusOf));
    answers.forEach((answer, j) => {
      if (answer) failures.push(`${batch[j]!.where}: ${batch[j]!.url} -> ${answer}`);
    });
  }
  assert.deepEqual(failures, [], `${failures.length} of ${unique.length} examples fail`);
});

test('URL shapes with placeholders are the only addresses not fetched, and each names its placeholders', () => {
  assert.ok(collected.templates.length > 0);
  for (const template of collected.templates) {
    assert.match(template.url, /package@|user\/repo@|<|\{|project\/tags\/version|@$/, `${template.where}: ${template.url}`);
  }
});

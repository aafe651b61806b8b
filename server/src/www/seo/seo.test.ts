import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { renderSitemap } from './sitemap.ts';

describe('what crawlers and browsers ask the website for', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  const asked: number[] = [];
  let statsDown = false;

  before(async () => {
    build = createFakeBuild();
    app = await buildWwwApp(testConfig(build.root), {
      topPackages: async (limit) => {
        asked.push(limit);
        if (statsDown) throw new Error('statistics store unavailable');
        // Most used first, as the statistics rank them.
        return [
          { type: 'npm', name: 'jquery' },
          { type: 'npm', name: '@babel/core' },
          { type: 'gh', name: 'owner/repo' },
        ];
      },
    });
  });
  after(async () => {
    await app.close();
    build.remove();
  });

  it('redirects an old /projects/{name} address permanently to the package page', async () => {
    const plain = await app.inject({ url: '/projects/jquery' });
    assert.equal(plain.statusCode, 301);
    assert.equal(plain.headers.location, '/package/npm/jquery');
    const scoped = await app.inject({ url: '/projects/@babel/core' });
    assert.equal(scoped.statusCode, 301);
    assert.equal(scoped.headers.location, '/package/npm/@babel/core');
  });

  it('answers a /projects/ address naming no package with the 404 page', async () => {
    const response = await app.inject({ url: '/projects/a/b/c' });
    assert.equal(response.statusCode, 404);
  });

  it('serves robots.txt naming the sitemap and keeping crawlers out of the machinery', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    assert.match(response.body, /^User-agent: \*$/m);
    assert.match(response.body, /^Disallow: \/remotes\/$/m);
    assert.match(response.body, /^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });

  it('serves a sitemap of the site’s pages, then the package pages most used first', async () => {
    const response = await app.inject({ url: '/sitemap.xml' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    assert.ok(locs.includes('/'), 'the home page is listed');
    assert.ok(!locs.some((loc) => loc.includes(':')), 'no page pattern is listed');
    const packages = locs.filter((loc) => loc.startsWith('/package/'));
    assert.deepEqual(packages, ['/package/npm/jquery', '/package/npm/%40babel/core', '/package/gh/owner/repo']);
    assert.ok(asked.at(-1)! <= 50_000);
  });

  it('still lists the site’s pages while the statistics are unavailable', async () => {
    statsDown = true;
    const response = await app.inject({ url: '/sitemap.xml' });
    statsDown = false;
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /<urlset/);
    assert.doesNotMatch(response.body, /\/package\//);
  });

  it('answers /favicon.ico with the site’s icon', async () => {
    const response = await app.inject({ url: '/favicon.ico' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/svg+xml');
    assert.match(response.body, /^<svg /);
    assert.match(String(response.headers['cache-control']), /max-age=86400/);
  });

  it('escapes addresses in the sitemap', () => {
    const xml = renderSitemap('https://www.example.test/', ['/a&b'], []);
    assert.match(xml, /<loc>https:\/\/www\.example\.test\/a&amp;b<\/loc>/);
  });
});

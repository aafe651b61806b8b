import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, FAKE_POSTS, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { CONTENT_REMOTE, PUBLISHED_CONTENT_FILE, parsePublishedContent } from './publishedContent.ts';

const feedLinks = (body: string): string[] =>
  [...new JSDOM(body, { contentType: 'application/xml' }).window.document.getElementsByTagName('item')].map(
    (item) => item.getElementsByTagName('link')[0]?.textContent ?? '',
  );

const connectSources = (policy: unknown): string[] =>
  String(policy)
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src')
    ?.slice(1) ?? [];

describe("the content remote's published content, read from its build", () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  let file: string;
  before(async () => {
    build = createFakeBuild();
    file = path.join(build.root, CONTENT_REMOTE, 'dist', PUBLISHED_CONTENT_FILE);
    app = await buildWwwApp(testConfig(build.root), { shellDir: build.shellDir });
  });
  after(async () => {
    await app.close();
    build.remove();
  });

  it('feeds the posts of the build, and allows connections to the network-testing API the build names', async () => {
    const feed = await app.inject({ url: '/blog/rss' });
    assert.equal(feed.statusCode, 200);
    assert.deepEqual(feedLinks(feed.body).sort(), FAKE_POSTS.map((post) => `https://www.example.test/blog/${post.slug}`).sort());
    const page = await app.inject({ url: '/about' });
    assert.ok(connectSources(page.headers['content-security-policy']).includes('https://api.network-tool.example.test'));
  });

  it('follows a new build of the remote without a restart, and keeps the last good content when a build publishes a broken file', async () => {
    const post = { slug: 'a-new-post', title: 'A new post', published: '2026-12-01T00:00:00Z', summary: 'New.', markdown: 'New.' };
    writeFileSync(file, JSON.stringify({ posts: [post], networkTool: { apiUrl: 'https://probes.example.test/v1', apiContractUrl: null } }));
    assert.deepEqual(feedLinks((await app.inject({ url: '/blog/rss' })).body), ['https://www.example.test/blog/a-new-post']);
    const connect = connectSources((await app.inject({ url: '/about' })).headers['content-security-policy']);
    assert.ok(connect.includes('https://probes.example.test'));
    assert.ok(!connect.includes('https://api.network-tool.example.test'));

    writeFileSync(file, JSON.stringify({ posts: [{ ...post, slug: 'Not A Slug' }] }));
    assert.deepEqual(feedLinks((await app.inject({ url: '/blog/rss' })).body), ['https://www.example.test/blog/a-new-post']);
  });

  it('feeds no post and allows no network-testing API while the remote is not built', async () => {
    rmSync(file);
    const feed = await app.inject({ url: '/blog/rss' });
    assert.equal(feed.statusCode, 200);
    assert.deepEqual(feedLinks(feed.body), []);
    assert.ok(!connectSources((await app.inject({ url: '/about' })).headers['content-security-policy']).includes('https://probes.example.test'));
  });
});

describe('the published content check', () => {
  const post = { slug: 'a-post', title: 'T', published: '2026-01-01T00:00:00Z', summary: 'S', markdown: 'M' };

  it('takes posts and the network-testing addresses, null where the content names none', () => {
    assert.deepEqual(parsePublishedContent({ posts: [post], networkTool: { apiUrl: 'https://api.example.test' } }), {
      posts: [post],
      networkTool: { apiUrl: 'https://api.example.test', apiContractUrl: null },
    });
  });

  it('refuses a malformed post, naming its entry, and an address that is not http(s)', () => {
    assert.throws(() => parsePublishedContent({ posts: [post, { ...post, slug: 'Bad Slug' }] }), /entry 2: "slug"/);
    assert.throws(() => parsePublishedContent({ posts: [{ ...post, published: 'soon' }] }), /entry 1: "published"/);
    assert.throws(() => parsePublishedContent({ posts: [{ ...post, markdown: undefined }] }), /entry 1: "markdown"/);
    assert.throws(() => parsePublishedContent({ posts: {} }), /not a JSON array/);
    assert.throws(() => parsePublishedContent({ posts: [], networkTool: { apiUrl: 'javascript:alert(1)' } }), /apiUrl/);
  });
});

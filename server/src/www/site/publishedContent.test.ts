import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, FAKE_POSTS, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { NO_PUBLISHED_CONTENT, PUBLISHED_CONTENT_FILE, PublishedContentSource, parsePublishedContent } from './publishedContent.ts';

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
    // The fake build's content remote, as the real one's build: the server itself names none.
    file = path.join(build.root, 'mf-marketing', 'dist', PUBLISHED_CONTENT_FILE);
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

  it('finds the content by what a build publishes, whichever remote it is', async () => {
    const elsewhere = path.join(build.root, 'mf-tools', 'dist', PUBLISHED_CONTENT_FILE);
    mkdirSync(path.dirname(elsewhere), { recursive: true });
    const moved = { slug: 'published-elsewhere', title: 'Elsewhere', published: '2026-12-02T00:00:00Z', summary: 'Moved.', markdown: 'Moved.' };
    rmSync(file);
    writeFileSync(elsewhere, JSON.stringify({ posts: [moved] }));
    assert.deepEqual(feedLinks((await app.inject({ url: '/blog/rss' })).body), ['https://www.example.test/blog/published-elsewhere']);
    rmSync(elsewhere);
    writeFileSync(file, JSON.stringify({ posts: FAKE_POSTS }));
  });

  it('feeds no post and allows no network-testing API while the remote is not built', async () => {
    rmSync(file);
    const feed = await app.inject({ url: '/blog/rss' });
    assert.equal(feed.statusCode, 200);
    assert.deepEqual(feedLinks(feed.body), []);
    assert.ok(!connectSources((await app.inject({ url: '/about' })).headers['content-security-policy']).includes('https://probes.example.test'));
  });
});

describe('the remote that publishes content, found among the hosted builds', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'published-content-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const post = (slug: string) => ({ slug, title: slug, published: '2026-01-01T00:00:00Z', summary: 'S', markdown: 'M' });
  const dirs = Object.fromEntries(['alpha', 'beta', 'gamma'].map((remote) => [remote, path.join(root, remote, 'dist')]));
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const publish = (remote: string, slug: string) => writeFileSync(path.join(dirs[remote]!, PUBLISHED_CONTENT_FILE), JSON.stringify({ posts: [post(slug)] }));
  const slugs = async (source: PublishedContentSource) => (await source.current()).posts.map(({ slug }) => slug);

  it("is none while no build publishes, then any remote's build that does, and the first in the remotes' order of several, said once", async () => {
    const several: string[][] = [];
    const source = new PublishedContentSource(dirs, { onSeveral: (remotes) => several.push(remotes) });
    assert.deepEqual(await source.current(), NO_PUBLISHED_CONTENT);
    publish('gamma', 'from-gamma');
    assert.deepEqual(await slugs(source), ['from-gamma']);
    publish('beta', 'from-beta');
    assert.deepEqual(await slugs(source), ['from-beta']);
    assert.deepEqual(await slugs(source), ['from-beta']);
    assert.deepEqual(several, [['beta', 'gamma']]);
    rmSync(path.join(dirs['beta']!, PUBLISHED_CONTENT_FILE));
    assert.deepEqual(await slugs(source), ['from-gamma']);
  });

  it('passes over a build whose file has never been good, naming the file', async () => {
    const problems: string[] = [];
    writeFileSync(path.join(dirs['alpha']!, PUBLISHED_CONTENT_FILE), '{"posts": {}}');
    const source = new PublishedContentSource(dirs, { onProblem: (problem) => problems.push(problem.file) });
    assert.deepEqual(await slugs(source), ['from-gamma']);
    assert.deepEqual(problems, [path.join(dirs['alpha']!, PUBLISHED_CONTENT_FILE)]);
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

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { BLOG_DIR, BLOG_POSTS, readBlogPosts } from './posts.ts';
import { postHtml, renderRss } from './rss.ts';

const WWW = 'https://www.example.test';

describe('blog posts and feed', () => {
  it('reads every post listed in the website content folder, with its markdown', () => {
    const listed = JSON.parse(fs.readFileSync(path.join(BLOG_DIR, 'posts.json'), 'utf8')) as Array<{ slug: string }>;
    assert.deepEqual(
      BLOG_POSTS.map((post) => post.slug),
      listed.map((entry) => entry.slug),
    );
    for (const post of BLOG_POSTS) assert.ok(post.markdown.length > 200, `${post.slug} has a body`);
  });

  it('feeds each post with its text rendered, placeholders filled, site links absolute, newest first', () => {
    const doc = new JSDOM(renderRss(BLOG_POSTS, WWW), { contentType: 'application/xml' }).window.document;
    assert.equal(doc.getElementsByTagName('parsererror').length, 0);
    const items = [...doc.getElementsByTagName('item')];
    assert.equal(items.length, BLOG_POSTS.length);
    const field = (item: Element, name: string): string => item.getElementsByTagName(name)[0]?.textContent ?? '';
    const dates = items.map((item) => Date.parse(field(item, 'pubDate')));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
    for (const item of items) {
      assert.doesNotMatch(field(item, 'title') + field(item, 'description') + field(item, 'content:encoded'), /\{\{\w+\}\}/);
      assert.match(field(item, 'link'), new RegExp(`^${WWW}/blog/[a-z0-9-]+$`));
    }
    const intro = items.find((item) => field(item, 'link').endsWith('/blog/introducing-the-cdn'));
    assert.ok(intro);
    const html = field(intro, 'content:encoded');
    assert.match(html, /<code>/);
    assert.match(html, new RegExp(`href="${WWW}/documentation"`));
  });

  it('drops anything active from a post', () => {
    const html = postHtml(
      {
        slug: 'x',
        title: 'x',
        published: '2026-01-01T00:00:00Z',
        summary: 'x',
        markdown: 'Hi <script>alert(1)</script> [a](javascript:alert(1)) <img src=x onerror=alert(1)>',
      },
      WWW,
      {},
    );
    assert.doesNotMatch(html, /script|javascript:|onerror/);
  });

  it('refuses a malformed posts.json, naming the entry', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-'));
    try {
      fs.writeFileSync(path.join(dir, 'posts.json'), JSON.stringify([{ slug: 'Bad Slug', title: 't', published: '2026-01-01', summary: 's' }]));
      assert.throws(() => readBlogPosts(dir), /entry 1: "slug"/);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});

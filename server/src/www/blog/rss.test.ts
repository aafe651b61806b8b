import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { FAKE_POSTS } from '../testing/fakeBuild.ts';
import { postHtml, renderRss } from './rss.ts';

const WWW = 'https://www.example.test';

describe('blog feed', () => {
  it('feeds each post with its text rendered, placeholders filled, site links absolute, newest first', () => {
    const doc = new JSDOM(renderRss(FAKE_POSTS, WWW), { contentType: 'application/xml' }).window.document;
    assert.equal(doc.getElementsByTagName('parsererror').length, 0);
    const items = [...doc.getElementsByTagName('item')];
    assert.equal(items.length, FAKE_POSTS.length);
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
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstPaint, renderPage } from './renderPage.ts';
import type { PageMeta } from './routeMeta.ts';

const meta: PageMeta = {
  title: 'Tom & Jerry\'s "$&" <page>',
  description: 'Quotes " and \' and <tags> & $1 stay text',
  url: 'https://www.example.test/a',
  canonicalUrl: 'https://www.example.test/a',
  imageUrl: 'https://www.example.test/assets/og-default.png',
  siteName: 'Site',
  noindex: false,
};

describe('renderPage', () => {
  it('replaces the one title and the marker, escaping text in elements and attributes', () => {
    const html = renderPage('<html><head><title>Old</title><!--route-meta--></head><body></body></html>', meta);
    assert.ok(html.includes('<title>Tom &amp; Jerry&#39;s &quot;$&amp;&quot; &lt;page&gt;</title>'));
    assert.ok(html.includes('<meta name="description" content="Quotes &quot; and &#39; and &lt;tags&gt; &amp; $1 stay text">'));
    assert.ok(!html.includes('<!--route-meta-->'));
    assert.equal(html.match(/<title>/g)?.length, 1);
  });

  it('puts the tags before </head> when a template lacks the marker', () => {
    const html = renderPage('<html><head><title>Old</title></head><body></body></html>', { ...meta, noindex: true });
    assert.match(html, /<meta name="robots" content="noindex">[\s\S]*<\/head>/);
  });

  it("writes the page's heading and description into the root as its first paint, escaped", () => {
    const template =
      '<html><head><title>Old</title><!--route-meta--></head><body><div id="root"><div class="boot-frame">Site</div><!--first-paint--></div></body></html>';
    const html = renderPage(template, { ...meta, heading: '<b>left-pad</b> & $&' });
    assert.ok(
      html.includes(
        '<div id="root"><div class="boot-frame">Site</div><div class="boot-first"><span class="boot-first__heading" role="heading" aria-level="1">&lt;b&gt;left-pad&lt;/b&gt; &amp; $&amp;</span><br>Quotes &quot; and &#39; and &lt;tags&gt; &amp; $1 stay text</div></div>',
      ),
      html,
    );
    assert.ok(!html.includes('<!--first-paint-->'));
  });

  it('draws no first content for a page without a heading', () => {
    assert.equal(firstPaint(meta), '');
    const html = renderPage('<div id="root"><!--first-paint--></div>', meta);
    assert.equal(html.includes('boot-first'), false);
    assert.equal(html.includes('<!--first-paint-->'), false);
  });
});

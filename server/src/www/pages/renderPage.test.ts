import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderPage } from './renderPage.ts';
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
});

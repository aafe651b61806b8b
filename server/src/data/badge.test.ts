import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compactNumber, renderBadge } from './badge.ts';

const widthOf = (svg: string): number => Number(/^<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);

test('a badge is as wide as its text measures, not as its character count', () => {
  const wide = renderBadge('Skylift', 'WWWWWW', 'square');
  const narrow = renderBadge('Skylift', 'iiiiii', 'square');
  assert.ok(widthOf(wide) > widthOf(narrow) + 20, `${widthOf(wide)} vs ${widthOf(narrow)}`);
});

test('square badges have flat corners, rounded ones round corners', () => {
  const square = renderBadge('Skylift', '4 hits/month', 'square');
  assert.doesNotMatch(square, /rx="/);
  assert.match(square, /crispEdges/);
  assert.match(renderBadge('Skylift', '4 hits/month', 'rounded'), /<rect width="\d+" height="20" rx="3"/);
});

test('label and value are escaped and named for screen readers', () => {
  const svg = renderBadge('Skylift', '<b>&"', 'rounded');
  assert.doesNotMatch(svg, /<b>/);
  assert.match(svg, /aria-label="Skylift: &lt;b&gt;&amp;&quot;"/);
});

test('counts are shown compactly', () => {
  assert.deepEqual([compactNumber(999), compactNumber(1234), compactNumber(1234567), compactNumber(2e12)], ['999', '1.23k', '1.23M', '2T']);
});

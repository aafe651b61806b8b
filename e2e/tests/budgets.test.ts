/**
 * First-visit JavaScript budgets: the scripts a first visit (an empty browser cache) downloads for the home page
 * and for a package page, compressed with gzip -9 as `bench/first-visit` measures them, must stay within their
 * budget. Growth past a budget fails here, so it is a decision: raise the budget in the same change, saying why.
 * Speed itself is the benchmark's (`npm run first-visit -w @skylift/bench`); bytes are the same on any machine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { measureFirstVisit } from '../support/firstVisit.ts';
import type { RunningProduct } from '../support/product.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney, stopJourney } from '../support/journey.ts';

/**
 * Kilobytes (1,000 bytes) of first-visit JavaScript, gzip -9, per page: what they were when the budgets were set
 * (156.5 kB and 185.0 kB) with a few kilobytes to spare.
 */
export const FIRST_VISIT_JS_BUDGETS_KB: Record<string, number> = {
  '/': 160,
  '/package/npm/tiny-lib': 190,
};

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;

before(async () => {
  ({ upstreams, product, browser } = await startJourney());
});

after(async () => {
  await stopJourney({ browser, product, upstreams });
});

describe('first-visit JavaScript budgets', () => {
  for (const [path, budget] of Object.entries(FIRST_VISIT_JS_BUDGETS_KB)) {
    test(`${path} downloads at most ${budget} kB of JavaScript (gzip) on a first visit`, async () => {
      // The server's own first answers (its caches filled) are not the visitor's: one visit before the one measured.
      await measureFirstVisit(browser, `${product.wwwUrl}${path}`);
      const visit = await measureFirstVisit(browser, `${product.wwwUrl}${path}`);
      assert.ok(visit.scripts.length > 0, 'scripts were measured');
      const kb = visit.scriptTotal.gzip / 1000;
      const largest = visit.scripts
        .slice(0, 5)
        .map((script) => `${(script.gzip / 1000).toFixed(1)} kB ${script.url}`)
        .join(', ');
      assert.ok(kb <= budget, `${path}: ${kb.toFixed(1)} kB of JavaScript (gzip) is over its budget of ${budget} kB; the largest: ${largest}`);
    });
  }
});

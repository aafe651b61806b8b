/**
 * The purge tool as a visitor uses it: ten alias URLs of our CDN, the self-hosted proof-of-work captcha
 * solved in the browser, the job polled to its end with a result per path; the same paths again right away
 * are throttled.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openWatchedPage } from '../support/browser.ts';
import type { RunningProduct } from '../support/product.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney, stopJourney } from '../support/journey.ts';

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;

before(async () => {
  // The launcher, as `npm start` runs it: a purge crosses from the purge service's process to the CDN's.
  ({ upstreams, product, browser } = await startJourney({ oneProcess: false }));
});

after(async () => {
  await stopJourney({ browser, product, upstreams });
});

/** Fills the form, solves the captcha and waits for the results. */
async function purge(page: Page, urls: string[]): Promise<void> {
  await page.getByRole('textbox', { name: 'URLs to purge' }).fill(urls.join('\n'));
  await page.getByRole('button', { name: 'Purge now' }).click();
  const captcha = page.getByRole('group', { name: 'Captcha' });
  await captcha.waitFor();
  // The proof-of-work widget: ticking its box (through its label, as a visitor's click lands) makes the
  // browser solve the challenge the purge service set.
  await captcha.locator('altcha-widget label').first().click();
  await page.getByText('Results').waitFor({ timeout: 60_000 });
}

describe('purging alias URLs', () => {
  test('ten paths purged with the self-hosted captcha, then the same paths throttled', async () => {
    const cdn = product.urls['cdn']!;
    // Aliases (a range, a tag, no version): what a purge is for. Exact versions never change.
    const list = [
      '/npm/tiny-lib@1/dist/tiny.js',
      '/npm/tiny-lib@latest/dist/tiny.js',
      '/npm/tiny-lib@1.1/dist/tiny.js',
      '/npm/tiny-lib/dist/tiny.js',
      '/npm/tiny-lib@beta/dist/tiny.js',
      '/npm/colorkit@1/index.js',
      '/npm/datekit@latest/index.js',
      '/npm/numfmt/index.js',
      '/npm/arraykit@1/index.js',
      '/gh/skylift-fixtures/tagged@1/dist/lib.js',
    ].map((path) => `${cdn}${path}`);

    const watched = await openWatchedPage(browser);
    const { page } = watched;
    await page.goto(`${product.wwwUrl}/tools/purge`, { waitUntil: 'networkidle' });
    await purge(page, list);
    assert.equal(await page.getByText('Success', { exact: true }).count(), 10, 'every path reports success (no fronting CDN is configured to fail)');
    assert.equal(await page.getByText('Throttled').count(), 0);

    // The same paths again within the window: throttled, without details.
    await page.getByRole('button', { name: 'Purge now' }).waitFor();
    await purge(page, list);
    assert.equal(await page.getByText('Throttled', { exact: true }).count(), 10, 'every repeated path is throttled');
    assert.deepEqual(watched.consoleErrors, []);
    await page.context().close();
  });
});

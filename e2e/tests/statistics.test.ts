/**
 * The statistics page over real traffic: requests sent through the CDN become, after the ingester folds the
 * request log, the figures the page shows: the origin's requests, the most popular projects (linking to
 * their pages) and the map, which colours the countries the traffic came from and whose code and country
 * shapes arrive only when it scrolls into view.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { until } from '../../server/src/testing/until.ts';
import { openWatchedPage } from '../support/browser.ts';
import type { RunningProduct } from '../support/product.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney, stopJourney } from '../support/journey.ts';

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

before(async () => {
  ({ upstreams, product, browser } = await startJourney());
  const cdn = product.urls['cdn']!;
  // The launcher reports healthy once the web server answers; the CDN may take a moment longer.
  await until(async () => (await fetch(`${cdn}/healthz`)).ok, { message: `the CDN to answer at ${cdn}/healthz`, timeoutMs: 20_000, intervalMs: 200 });
  // Some traffic, as a fronting CDN would forward it (with the install's edge secret, as the traffic generator
  // sends it): tiny-lib asked most (from Germany), colorkit less (from France).
  const secret = readFileSync(path.join(product.dataDir, 'edge-secret'), 'utf8').trim();
  for (const [file, times, country] of [
    ['/npm/tiny-lib@1.1.0/dist/tiny.js', 6, 'DE'],
    ['/npm/colorkit@2/package.json', 2, 'FR'],
  ] as const) {
    for (let i = 0; i < times; i++) {
      const response = await fetch(`${cdn}${file}`, { headers: { 'user-agent': CHROME_ON_WINDOWS, 'x-edge-country': country, 'x-edge-secret': secret } });
      await response.arrayBuffer();
    }
  }
  // The data service folds the request log every few seconds.
  let counted = 0;
  await until(
    async () => {
      const stats = (await (await fetch(`${product.urls['data']}/v1/stats/network?period=month`)).json()) as { hits: { total: number } };
      counted = stats.hits.total;
      return counted >= 8;
    },
    { message: () => `the data API to count the 8 requests sent (it counts ${counted})`, timeoutMs: 30_000, intervalMs: 250 },
  );
});

after(async () => {
  await stopJourney({ browser, product, upstreams });
});

describe('/statistics', () => {
  test('shows the traffic the CDN served, the popular projects, and loads the map only in view', async () => {
    const network = (await (await fetch(`${product.urls['data']}/v1/stats/network?period=month`)).json()) as { hits: { total: number } };
    assert.ok(network.hits.total >= 8, `the data API counted the traffic (${network.hits.total})`);

    const watched = await openWatchedPage(browser);
    const { page } = watched;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.goto(`${product.wwwUrl}/statistics`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 2, name: 'Global data' }).waitFor();

    // The origin is the one provider of a fresh install.
    await page.getByRole('heading', { level: 3, name: 'Origin' }).waitFor();

    // Most popular projects: tiny-lib first, linking to its page.
    const projects = page.getByRole('table', { name: 'Most popular projects' });
    await projects.getByRole('link', { name: 'tiny-lib' }).waitFor();
    const names = await projects.locator('tbody tr td:nth-child(2)').allTextContents();
    assert.deepEqual(names.slice(0, 2), ['tiny-lib', 'colorkit']);
    assert.equal(await projects.getByRole('link', { name: 'tiny-lib' }).getAttribute('href'), '/package/npm/tiny-lib');

    // The map's code and shapes are fetched once it is in view, not before.
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    const map = page.locator('.sl-world-map');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.sl-world-map canvas').first().waitFor({ timeout: 30_000 });
    await page.locator('.sl-world-map__legend').waitFor();
    assert.ok(scripts.length > before, 'scripts for the map arrive when it scrolls into view');
    // The countries that sent traffic are the ones coloured, with their figures.
    const coloured = await page.locator('.sl-world-map tr[data-country]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-country')));
    assert.deepEqual(coloured, ['DE', 'FR']);
    assert.deepEqual(watched.consoleErrors, []);
    assert.deepEqual(watched.failedRequests, []);
    await page.context().close();
  });

  test('at 390 px the page never scrolls sideways: a wide table scrolls inside its box', async () => {
    const watched = await openWatchedPage(browser);
    const { page } = watched;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${product.wwwUrl}/statistics`, { waitUntil: 'networkidle' });
    const projects = page.getByRole('table', { name: 'Most popular projects' });
    await projects.getByRole('link', { name: 'tiny-lib' }).waitFor();
    await projects.scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    assert.ok(widths.page <= widths.viewport, `no sideways scroll (${widths.page} px wide in ${widths.viewport} px)`);
    const box = await projects.evaluate((table) => table.parentElement!.getBoundingClientRect().right);
    assert.ok(box <= 390, `the table's box ends inside the screen (${box} px)`);
    assert.deepEqual(watched.consoleErrors, []);
    await page.context().close();
  });
});

/**
 * The home page as a first-time visitor meets it, in Chromium against the real product: its figures are the
 * statistics' own (sampled for ten seconds they never go down; under reduced motion they never move), its
 * sections keep their room while their code is on the way (the page does not grow under the reader, and a jump
 * to the end shows the sections' and the footer's shapes, never a blank screen), and at 390 px its tab row is
 * one row and its search box says what it is for, whole.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { until } from '../../server/src/testing/until.ts';
import { openWatchedPage } from '../support/browser.ts';
import { PHONE } from '../support/phoneLayout.ts';
import type { RunningProduct } from '../support/product.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney, stopJourney } from '../support/journey.ts';

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;

before(async () => {
  ({ upstreams, product, browser } = await startJourney());
  // Traffic for the figures to show: a few files served, counted by the statistics.
  for (const path of ['/npm/tiny-lib/', '/npm/jquery@3.7.1/dist/jquery.js', '/npm/react@18.2.0/package.json']) await fetch(`${product.urls['cdn']}${path}`);
});

after(async () => {
  await stopJourney({ browser, product, upstreams });
});

/** The requests figure as a number, or null while it is a placeholder. */
const requestsShown = (page: Page): Promise<number | null> =>
  page.evaluate(() => {
    const text = document.querySelector('[data-testid="network-stats"] dd')?.textContent ?? '';
    const digits = text.replace(/\s/g, '');
    return /^\d+$/.test(digits) ? Number(digits) : null;
  });

async function sampleFigure(page: Page, seconds: number): Promise<number[]> {
  await page.waitForSelector('[data-testid="network-stats"][data-loaded="true"]');
  const samples: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const value = await requestsShown(page);
    if (value !== null) samples.push(value);
    await page.waitForTimeout(100);
  }
  return samples;
}

describe('home page', () => {
  test('a figure sampled for ten seconds never goes down, and ends on the statistics’ own total', async () => {
    await until(
      async () => ((await (await fetch(`${product.urls['data']}/v1/stats/network?period=month`)).json()) as { hits: { total: number } }).hits.total > 0,
      {
        message: 'the served files counted by the statistics',
        timeoutMs: 30_000,
      },
    );
    const { page } = await openWatchedPage(browser, { viewport: { width: 1440, height: 900 } });
    try {
      await page.goto(`${product.wwwUrl}/`);
      const samples = await sampleFigure(page, 10);
      assert.ok(samples.length > 20, `${samples.length} samples`);
      samples.forEach((value, index) => assert.ok(index === 0 || value >= samples[index - 1]!, `went down from ${samples[index - 1]} to ${value}`));
      const total = ((await (await fetch(`${product.urls['data']}/v1/stats/network?period=month`)).json()) as { hits: { total: number } }).hits.total;
      assert.ok(samples.at(-1)! <= total, `shown ${samples.at(-1)}, total ${total}`);
    } finally {
      await page.context().close();
    }
  });

  test('under reduced motion the figure is the total from the first moment it shows, and never moves', async () => {
    const { page } = await openWatchedPage(browser, { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    try {
      await page.goto(`${product.wwwUrl}/`);
      const samples = await sampleFigure(page, 3);
      assert.ok(samples.length > 5);
      assert.deepEqual(new Set(samples).size, 1, `moved: ${samples.join(', ')}`);
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
    test(`at ${viewport.width} px the sections keep their room while their code is on the way, and a jump to the end shows no blank screen`, async () => {
      const { page, consoleErrors } = await openWatchedPage(browser, { viewport });
      // Every script asked for once the page has shown its heading waits until released: the sections below the
      // first screen and the footer stay skeletons for as long as the test looks at them.
      let hold = false;
      const held: Array<() => void> = [];
      await page.route('**/*.js', async (route) => {
        if (!hold) return route.continue();
        await new Promise<void>((release) => held.push(release));
        return route.continue();
      });
      try {
        await page.goto(`${product.wwwUrl}/`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.locator('[data-testid="home-below-fold"]').first().waitFor({ state: 'attached' });
        hold = true;
        const waiting = await page.evaluate(() => ({
          height: document.documentElement.scrollHeight,
          below: document.querySelector('[data-testid="home-below-fold"]')?.getAttribute('data-state'),
        }));
        await page.keyboard.press('End');
        await page.waitForTimeout(300);
        // What is in view at the end is the sections' or the footer's shape, not an empty page.
        const inView = await page.evaluate(
          () =>
            Array.from(document.querySelectorAll('main *, footer *')).filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 40 && box.height > 8 && box.bottom > 0 && box.top < window.innerHeight && element.children.length === 0;
            }).length,
        );
        assert.ok(inView > 0, 'something is drawn in view after End');
        hold = false;
        held.splice(0).forEach((release) => release());
        await page.waitForSelector('[data-testid="home-below-fold"][data-state="ready"]');
        await page.locator('footer a').first().waitFor();
        await page.waitForLoadState('networkidle');
        const ready = await page.evaluate(() => document.documentElement.scrollHeight);
        if (waiting.below === 'waiting') assert.equal(ready, waiting.height, `the page grew from ${waiting.height} to ${ready} px as its sections arrived`);
        else assert.ok(Math.abs(ready - waiting.height) <= 1, `the page grew from ${waiting.height} to ${ready} px`);
        assert.deepEqual(consoleErrors, []);
      } finally {
        await page.context().close();
      }
    });
  }

  test('at 390 px the tab row is one row and the search box’s placeholder fits it', async () => {
    const { page } = await openWatchedPage(browser, { viewport: PHONE });
    try {
      await page.goto(`${product.wwwUrl}/`, { waitUntil: 'networkidle' });
      const tabs = page.getByRole('tablist').first();
      // networkidle can come before the hero's remote has drawn its tabs; evaluateAll would not wait for them.
      await tabs.getByRole('tab').first().waitFor();
      const tabBoxes = await tabs.getByRole('tab').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
      assert.ok(tabBoxes.length >= 3, `${tabBoxes.length} tabs`);
      assert.equal(new Set(tabBoxes.map(Math.round)).size, 1, `tabs on ${new Set(tabBoxes.map(Math.round)).size} rows`);
      const fits = await page.getByRole('searchbox', { name: 'Search all npm packages' }).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: input.placeholder, width: context.measureText(input.placeholder).width, room };
      });
      assert.ok(fits.width <= fits.room, `"${fits.text}" is ${Math.round(fits.width)} px in ${Math.round(fits.room)} px`);
    } finally {
      await page.context().close();
    }
  });
});

/**
 * Layout a visitor sees, in Chromium against the real product: the header in one row on a phone, the version
 * dropdown opening without scrolling the page sideways, old /projects/ addresses and the CDN's listing leading
 * to the package page, and what crawlers and browsers ask the website for.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { openWatchedPage, type WatchedPage } from '../support/browser.ts';
import type { RunningProduct } from '../support/product.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney, stopJourney } from '../support/journey.ts';

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;

before(async () => {
  ({ upstreams, product, browser } = await startJourney());
});

after(async () => {
  await stopJourney({ browser, product, upstreams });
});

async function open(path: string, width: number): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser);
  await watched.page.setViewportSize({ width, height: 844 });
  await watched.page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
  return watched;
}

describe('layout', () => {
  test('at 390 px the header of a package page is one row: logo, search and menu button side by side', async () => {
    const { page } = await open('/package/npm/tiny-lib', 390);
    try {
      await page.locator('main h1').first().waitFor();
      const header = await page.locator('header').first().boundingBox();
      assert.ok(header, 'the header is drawn');
      assert.ok(header.height < 80, `header height ${header.height} px`);
      const menu = await page.getByRole('button', { name: 'Open the menu' }).boundingBox();
      const home = await page.getByRole('link', { name: /home$/ }).first().boundingBox();
      assert.ok(menu && home && Math.abs(menu.y - home.y) < 24, 'the menu button sits on the logo’s row');
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
    } finally {
      await page.context().close();
    }
  });

  for (const width of [390, 1400]) {
    test(`at ${width} px opening the version dropdown never scrolls the page sideways and keeps the list in the viewport`, async () => {
      const { page } = await open('/package/npm/tiny-lib', width);
      try {
        await page
          .getByRole('button', { name: /^Version: / })
          .first()
          .click();
        const list = page.getByRole('listbox', { name: 'Version' });
        await list.waitFor();
        const box = await list.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= width, `list at ${box?.x}..${(box?.x ?? 0) + (box?.width ?? 0)}`);
        const scroll = await page.evaluate(() => ({ x: window.scrollX, wide: document.documentElement.scrollWidth > window.innerWidth }));
        assert.deepEqual(scroll, { x: 0, wide: false });
        await page.keyboard.press('ArrowDown');
        assert.equal(await page.evaluate(() => window.scrollX), 0);
      } finally {
        await page.context().close();
      }
    });
  }

  test('an old /projects/ address and an old #! link arrive on the package page', async () => {
    const moved = await fetch(`${product.wwwUrl}/projects/tiny-lib`, { redirect: 'manual' });
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.get('location'), '/package/npm/tiny-lib');
    const { page } = await open('/#!tiny-lib', 1400);
    try {
      await page.waitForURL(/\/package\/npm\/tiny-lib$/);
      assert.equal(await page.locator('main h1').first().textContent(), 'tiny-lib');
    } finally {
      await page.context().close();
    }
  });

  test('robots.txt, the sitemap and the favicon are served', async () => {
    const robots = await fetch(`${product.wwwUrl}/robots.txt`);
    assert.equal(robots.status, 200);
    assert.match(await robots.text(), /Sitemap: .*\/sitemap\.xml/);
    const sitemap = await fetch(`${product.wwwUrl}/sitemap.xml`);
    assert.equal(sitemap.status, 200);
    assert.match(await sitemap.text(), /<urlset/);
    const icon = await fetch(`${product.wwwUrl}/favicon.ico`);
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
  });

  test('the CDN’s directory listing leads to the package page', async () => {
    const { page } = await open('/', 1400);
    try {
      await page.goto(`${product.urls['cdn']}/npm/tiny-lib@1.1.0/dist/`, { waitUntil: 'load' });
      await page.getByRole('link', { name: /tiny-lib on / }).click();
      await page.waitForURL(/\/package\/npm\/tiny-lib\?tab=files&version=1\.1\.0&path=dist$/);
      await page.getByRole('link', { name: 'tiny.min.js' }).or(page.getByText('tiny.min.js')).first().waitFor();
    } finally {
      await page.context().close();
    }
  });

  describe('at 360 px', () => {
    const SMALL_PHONE = { width: 360, height: 740 };

    test('the header search list stays on the screen', async () => {
      const { page } = await open('/about', SMALL_PHONE.width);
      try {
        await page.setViewportSize(SMALL_PHONE);
        const box = page.getByRole('combobox', { name: /search/i }).first();
        if (!(await box.isVisible())) await page.getByRole('button', { name: 'Open the menu' }).click();
        await box.fill('tiny');
        const list = page.getByRole('listbox').first();
        await list.waitFor();
        const edges = await list.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, right: rect.right, width: window.innerWidth, scroll: document.documentElement.scrollWidth };
        });
        assert.ok(edges.left >= 0 && edges.right <= edges.width, `list at ${edges.left}..${edges.right} on a ${edges.width} px screen`);
        assert.ok(edges.scroll <= edges.width, `the page scrolls sideways to ${edges.scroll} px`);
      } finally {
        await page.context().close();
      }
    });

    test('the statistics tables’ titles are whole, whatever their tables scroll', async () => {
      const { page } = await open('/statistics', SMALL_PHONE.width);
      try {
        const title = page.getByRole('heading', { name: 'Most popular projects' });
        await title.waitFor();
        const box = await title.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(element);
          const text = range.getBoundingClientRect();
          return { left: text.left, right: text.right, width: window.innerWidth, clipped: rect.width < text.width };
        });
        assert.ok(box.left >= 0 && box.right <= box.width && !box.clipped, `title text at ${box.left}..${box.right} on a ${box.width} px screen`);
      } finally {
        await page.context().close();
      }
    });

    test('the documentation’s first screen shows the documentation, its menu folded', async () => {
      const { page } = await open('/documentation', SMALL_PHONE.width);
      try {
        await page.setViewportSize(SMALL_PHONE);
        const heading = page.getByRole('heading', { level: 1, name: 'Documentation' });
        await heading.waitFor();
        const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
        assert.ok(top < SMALL_PHONE.height / 2, `the heading starts ${Math.round(top)} px down a ${SMALL_PHONE.height} px screen`);
        assert.equal(await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'npm' }).isVisible(), false);
        await page.getByText('Contents', { exact: true }).click();
        assert.equal(await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'npm' }).isVisible(), true);
      } finally {
        await page.context().close();
      }
    });
  });

  test('/esm, /foundationcdn, /globalping and /gsap draw their controls with the kit, in the one accent colour', async () => {
    for (const path of ['/esm', '/foundationcdn', '/globalping', '/gsap']) {
      const { page } = await open(path, 1400);
      try {
        await page.locator('main h1').first().waitFor();
        const found = await page.evaluate(() => {
          const accent = getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim();
          const probe = document.createElement('span');
          probe.style.color = accent;
          document.body.append(probe);
          const accentRgb = getComputedStyle(probe).color;
          probe.remove();
          const main = document.querySelector('main')!;
          // A browser's own button: its default face colour and outset border.
          const native = Array.from(main.querySelectorAll<HTMLElement>('button')).filter((button) => {
            const style = getComputedStyle(button);
            return style.backgroundColor === 'rgb(239, 239, 239)' || style.borderStyle === 'outset';
          });
          const selects = main.querySelectorAll('select').length;
          const plainBoxes = Array.from(main.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).filter(
            (box) => getComputedStyle(box).accentColor === 'auto',
          ).length;
          const primaries = Array.from(main.querySelectorAll<HTMLElement>('.sl-button--primary')).map((button) => getComputedStyle(button).backgroundColor);
          return { native: native.map((button) => button.textContent?.trim()), selects, plainBoxes, primaries, accentRgb };
        });
        assert.deepEqual(found.native, [], `${path}: native buttons`);
        assert.equal(found.selects, 0, `${path}: native selects`);
        assert.equal(found.plainBoxes, 0, `${path}: native checkboxes`);
        for (const colour of found.primaries) assert.equal(colour, found.accentRgb, `${path}: a primary button in ${colour}, the accent is ${found.accentRgb}`);
      } finally {
        await page.context().close();
      }
    }
  });

  test('on /esm one click on "Run benchmark" starts the benchmark', async () => {
    const { page } = await open('/esm', 1400);
    try {
      await page.getByRole('button', { name: 'Run benchmark' }).click();
      await page
        .getByRole('button', { name: /Running the benchmark/ })
        .or(page.getByText(/Measured in this browser at/))
        .first()
        .waitFor();
    } finally {
      await page.context().close();
    }
  });
});

/**
 * No sideways scroll anywhere: every page the built remotes declare (their published mf-pages.json, with the
 * sample addresses of support/samplePaths.ts), opened at 390 px wide as a phone shows it, must be no wider
 * than the viewport, and no fixed or sticky element may lie over a visible control (a link, button or field
 * the visitor would tap), with the header's menu closed and open. A page a remote adds is covered here
 * without touching this file.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';
import { SAMPLE_PAGES } from '../support/samplePaths.ts';
import { startUpstreams, type Upstreams } from '../support/upstreams.ts';

const PHONE = { width: 390, height: 844 };

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;

before(async () => {
  upstreams = await startUpstreams();
  product = await startProduct({ env: upstreams.env });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await product?.stop();
  await upstreams?.stop();
});

/** What sticks out past the right edge: the document's width and the widest elements that cause it. */
function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (width > window.innerWidth) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.right <= window.innerWidth + 1 || box.width === 0) continue;
        // Only the outermost element that sticks out: its children stick out with it.
        const parent = element.parentElement?.getBoundingClientRect();
        if (parent && parent.right > window.innerWidth + 1) continue;
        culprits.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} right=${Math.round(box.right)}`);
        if (culprits.length >= 5) break;
      }
    }
    return { width, culprits };
  });
}

/**
 * Controls in view whose centre is covered by a fixed or sticky element they are not part of: the element
 * the browser hits there, and the control. (Written without inner named functions: the test runner's
 * transform would add a helper to them that the page does not have.)
 */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]');
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.pointerEvents === 'none' || Number(style.opacity) === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || control.contains(hit) || hit.contains(control)) continue;
      // The nearest fixed or sticky ancestor of what the browser hits: something that does not move with the page.
      let cover: Element | null = hit;
      while (cover && cover !== document.documentElement && !['fixed', 'sticky'].includes(getComputedStyle(cover).position)) cover = cover.parentElement;
      if (!cover || cover === document.documentElement || cover.contains(control)) continue;
      const names = [control, cover].map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${Array.from(element.classList).join('.')} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}"`,
      );
      found.push(`${names[0]} under ${names[1]}`);
    }
    return found;
  });
}

describe('every declared page at 390 px', () => {
  test('covers every page the remotes declare', () => {
    assert.ok(SAMPLE_PAGES.length >= 20, `${SAMPLE_PAGES.length} pages`);
  });

  for (const { remote, path } of SAMPLE_PAGES) {
    test(`${path} (${remote}) has no sideways scroll and nothing pinned over a control`, async () => {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 });
      const page = await context.newPage();
      try {
        await page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
        await page.locator('main').first().waitFor();
        const problems: string[] = [];
        const wide = await overflow(page);
        if (wide.width > PHONE.width) problems.push(`the document is ${wide.width} px wide: ${wide.culprits.join(', ')}`);
        problems.push(...(await coveredControls(page)));
        // Before the menu is opened: a control pinned over would stop the click below without saying what covers it.
        assert.deepEqual(problems, []);
        const menu = page.getByRole('button', { name: 'Open the menu' });
        if (await menu.isVisible()) {
          await menu.click({ timeout: 5_000 });
          await page.getByRole('button', { name: 'Close the menu' }).first().waitFor();
          const opened: string[] = [];
          const open = await overflow(page);
          if (open.width > PHONE.width) opened.push(`with the menu open the document is ${open.width} px wide: ${open.culprits.join(', ')}`);
          opened.push(...(await coveredControls(page)).map((problem) => `menu open: ${problem}`));
          assert.deepEqual(opened, []);
        }
      } finally {
        await context.close();
      }
    });
  }
});

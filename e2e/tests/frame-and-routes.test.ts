/**
 * The foundation as a visitor meets it: every page the remotes declare (their published mf-pages.json, with the
 * sample addresses of support/samplePaths.ts) renders inside the frame with no console error and no failed
 * request, and at 390 px wide, as a phone shows it, is no wider than the viewport and has no fixed or sticky
 * element over a visible control, with the header's menu closed and open; redirects, the 404 page, the job
 * banner's persistence, and a remote that cannot be loaded while the rest of the site keeps working.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { fillTemplate } from '../../shared/src/federation/pageDeclaration.ts';
import { matchPattern } from '../../shared/src/routes/matchRoute.ts';
import { openWatchedPage, type WatchedPage } from '../support/browser.ts';
import { coveredControls, overflow, PHONE } from '../support/phoneLayout.ts';
import type { RunningProduct } from '../support/product.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney, stopJourney } from '../support/journey.ts';
import { SAMPLE_PAGES } from '../support/samplePaths.ts';

/** What an operator might set: a chat community and a job notice. */
const CONTENT = {
  links: { chat: 'https://chat.example.test/join' },
  jobNotice: { id: 'engineer', text: 'We look for an engineer.', linkLabel: 'Learn more', linkUrl: '/about' },
};

/** Playwright's default viewport, at which the frame's desktop layout shows. */
const DESKTOP = { width: 1280, height: 720 };

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;

before(async () => {
  ({ upstreams, product, browser } = await startJourney({ content: CONTENT }));
});

after(async () => {
  await stopJourney({ browser, product, upstreams });
});

async function expectFramedPage(watched: WatchedPage, path: string): Promise<void> {
  await watched.page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
  await expectFrame(watched, path);
}

/** The page shows the header, the footer and its own heading, and no remote's fallback. */
async function expectFrame(watched: WatchedPage, path: string): Promise<void> {
  const { page } = watched;
  await page.getByRole('banner').first().waitFor({ state: 'visible' });
  await page.getByRole('contentinfo').first().waitFor({ state: 'visible' });
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('remote-fallback').count(), 0, `${path} shows the remote fallback`);
}

describe('every page the remotes declare, opened as a phone opens it', { concurrency: 2 }, () => {
  test('covers every page the remotes declare', () => {
    assert.ok(SAMPLE_PAGES.length >= 20, `${SAMPLE_PAGES.length} pages`);
  });

  // One visit per page checks both what a page owes the frame and what it owes a phone: the frame, the title and a
  // clean load; at 390 px no sideways scroll and nothing fixed or sticky over a visible control (a link, button or
  // field the visitor would tap), with the header's menu closed and open; then the same page at a desktop's width,
  // still inside the frame. A page a remote adds is covered here without touching this file. Two pages at a time,
  // each in a context of its own: a visit mostly waits (for the network to fall idle, for the page to settle).
  for (const { remote, page, path } of SAMPLE_PAGES) {
    test(`${path} (${remote}) renders inside the frame, has no sideways scroll and nothing pinned over a control`, async () => {
      const watched = await openWatchedPage(browser, { viewport: PHONE, deviceScaleFactor: 1 });
      try {
        await expectFramedPage(watched, path);
        assert.equal(await watched.page.title(), fillTemplate(page.title, matchPattern(page.path, path) ?? {}));

        const problems: string[] = [];
        const wide = await overflow(watched.page);
        if (wide.width > PHONE.width) problems.push(`the document is ${wide.width} px wide: ${wide.culprits.join(', ')}`);
        problems.push(...(await coveredControls(watched.page)));
        // Before the menu is opened: a control pinned over would stop the click below without saying what covers it.
        assert.deepEqual(problems, []);
        const menu = watched.page.getByRole('button', { name: 'Open the menu' });
        if (await menu.isVisible()) {
          await menu.click({ timeout: 5_000 });
          const close = watched.page.getByRole('button', { name: 'Close the menu' }).first();
          await close.waitFor();
          const opened: string[] = [];
          const open = await overflow(watched.page);
          if (open.width > PHONE.width) opened.push(`with the menu open the document is ${open.width} px wide: ${open.culprits.join(', ')}`);
          opened.push(...(await coveredControls(watched.page)).map((problem) => `menu open: ${problem}`));
          assert.deepEqual(opened, []);
          await close.click();
        }

        // The same page at a desktop's width (Playwright's default viewport) is still inside the frame.
        await watched.page.setViewportSize(DESKTOP);
        await expectFrame(watched, path);
        assert.deepEqual(watched.consoleErrors, [], `console errors on ${path}`);
        assert.deepEqual(watched.failedRequests, [], `failed requests on ${path}`);
      } finally {
        await watched.page.context().close();
      }
    });
  }
});

describe('the data API reference', () => {
  test('draws the contract in its frame with the renderer the CDN serves, checked by its hash', async () => {
    const watched = await openWatchedPage(browser);
    try {
      await expectFramedPage(watched, '/docs/data.jsdelivr.com');
      const reference = watched.page.frameLocator('iframe[title="Data API reference"]');
      // The stand-in renderer lists the contract's paths: it loaded (hash and policy accepted) and read the contract.
      await reference.getByTestId('reference-paths').getByText('/v1/stats/periods', { exact: true }).waitFor({ timeout: 15_000 });
      assert.deepEqual(watched.consoleErrors, []);
      assert.deepEqual(watched.failedRequests, []);
    } finally {
      await watched.page.context().close();
    }
  });
});

describe('redirects and the 404 page', () => {
  for (const from of ['/rawgit', '/features']) {
    test(`${from} goes home`, async () => {
      const watched = await openWatchedPage(browser);
      await watched.page.goto(`${product.wwwUrl}${from}`, { waitUntil: 'networkidle' });
      assert.equal(new URL(watched.page.url()).pathname, '/');
      await watched.page.context().close();
    });
  }

  test('/discord goes to the chat community the operator names', async () => {
    const response = await fetch(`${product.wwwUrl}/discord`, { redirect: 'manual' });
    assert.ok([301, 302, 307, 308].includes(response.status));
    assert.equal(response.headers.get('location'), CONTENT.links.chat);
    // The browser follows it (the chat host is not reachable from tests: seeing the request go out is enough).
    const watched = await openWatchedPage(browser);
    const outgoing = watched.page.waitForRequest((request) => request.url().startsWith(CONTENT.links.chat));
    await watched.page.goto(`${product.wwwUrl}/discord`).catch(() => undefined);
    await outgoing;
    await watched.page.context().close();
  });

  test('a hash on / goes to the package page the hash names (the old /projects/ address, moved)', async () => {
    const watched = await openWatchedPage(browser);
    await watched.page.goto(`${product.wwwUrl}/#!jquery`, { waitUntil: 'networkidle' });
    await watched.page.waitForURL((url) => url.pathname.startsWith('/package/'));
    assert.equal(new URL(watched.page.url()).pathname, '/package/npm/jquery');
    await watched.page.context().close();
  });

  test('an unknown route shows the 404 page inside the frame', async () => {
    const watched = await openWatchedPage(browser);
    const response = await watched.page.goto(`${product.wwwUrl}/no/such/page`, { waitUntil: 'networkidle' });
    assert.equal(response?.status(), 404);
    await watched.page.getByRole('banner').first().waitFor();
    await watched.page
      .getByRole('heading', { name: /not found/i })
      .first()
      .waitFor();
    await watched.page.getByRole('contentinfo').first().waitFor();
    // The document's own 404 status is reported by Chromium as a failed resource; nothing else may fail.
    assert.deepEqual(
      watched.consoleErrors.filter((e) => !e.includes('status of 404') || !e.includes('/no/such/page')),
      [],
    );
    await watched.page.context().close();
  });
});

describe('the job banner', () => {
  test('stays dismissed after a reload', async () => {
    const watched = await openWatchedPage(browser);
    const { page } = watched;
    await page.goto(`${product.wwwUrl}/about`, { waitUntil: 'networkidle' });
    const banner = page.getByTestId('job-banner');
    await banner.waitFor({ state: 'visible' });
    await banner.getByRole('button', { name: /close|dismiss/i }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('main h1').first().waitFor();
    assert.equal(await page.getByTestId('job-banner').count(), 0);
    await page.context().close();
  });
});

describe('a remote that cannot be loaded', () => {
  test('shows the fallback on its own routes and leaves the others working', async () => {
    product.overrideRemotes({ 'mf-stats': `${product.wwwUrl}/remotes/mf-stats-missing/mf-manifest.json` });
    try {
      const watched = await openWatchedPage(browser);
      const { page } = watched;
      const response = await page.goto(`${product.wwwUrl}/statistics`, { waitUntil: 'networkidle' });
      // The web server keeps the remote's last good page declaration: the route keeps its status and title.
      assert.equal(response?.status(), 200);
      assert.match(await page.title(), /^Statistics - /);
      await page.getByTestId('remote-fallback').waitFor({ state: 'visible' });
      await page.getByRole('banner').first().waitFor();
      await page.getByRole('button', { name: /retry/i }).waitFor();
      // The rest of the site, reached by client-side navigation from the broken page, still works.
      watched.reset();
      await page
        .getByRole('link', { name: /about us/i })
        .first()
        .click();
      await page.waitForURL('**/about');
      await page.locator('main h1').first().waitFor();
      assert.equal(await page.getByTestId('remote-fallback').count(), 0);
      assert.deepEqual(
        watched.consoleErrors.filter((e) => !e.includes('mf-stats')),
        [],
      );
      await page.context().close();
    } finally {
      product.overrideRemotes({});
    }
  });
});

/**
 * The package page as a visitor meets it, against the real product and fixture upstreams: a package with a
 * readme, a scoped package, one without a readme (Files, with tab=files in the address), one with no
 * default file, an unknown name (the not-found notice, noindex), GitHub repositories with and without
 * releases, and the file browser used with the keyboard alone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BRAND } from '../../shared/src/brand.ts';
import { launchBrowser, openWatchedPage, type WatchedPage } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';
import { startUpstreams, type Upstreams } from '../support/upstreams.ts';

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

async function open(path: string): Promise<WatchedPage> {
  const watched = await openWatchedPage(browser);
  await watched.page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
  return watched;
}

function assertClean(watched: WatchedPage): void {
  assert.deepEqual(watched.consoleErrors, [], 'console errors');
  assert.deepEqual(watched.failedRequests, [], 'failed requests');
}

const search = (watched: WatchedPage): string => new URL(watched.page.url()).search;

describe('package page', () => {
  test('a package with a readme: rendered readme, install links on our CDN, title of the package page', async () => {
    const watched = await open('/package/npm/tiny-lib');
    const { page } = watched;
    try {
      await page.getByTestId('readme').getByRole('heading', { name: 'tiny-lib 1.1.0' }).waitFor();
      assert.equal(await page.locator('main h1').first().textContent(), 'tiny-lib');
      assert.equal(await page.title(), `tiny-lib CDN by ${BRAND.name} - A CDN for npm and GitHub`);
      assert.equal(search(watched), '', 'the readme tab leaves the address alone');
      const url = await page.getByTestId('install-url-js').textContent();
      assert.match(url ?? '', /\/npm\/tiny-lib@1\.1\.0\/dist\/tiny\.min\.js$/);
      // The linked file really is served by our CDN.
      const served = await fetch(url ?? '');
      assert.equal(served.status, 200);
      // Latest Major drops the version from the link.
      await page
        .getByRole('button', { name: /^Version to link/ })
        .first()
        .click();
      await page.getByRole('option', { name: 'Latest Major' }).click();
      assert.match((await page.getByTestId('install-url-js').textContent()) ?? '', /\/npm\/tiny-lib\/dist\/tiny\.min\.js$/);
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('a scoped package', async () => {
    const watched = await open('/package/npm/@skylift-fixtures/scoped');
    const { page } = watched;
    try {
      await page.getByRole('tab', { name: 'Files' }).waitFor();
      assert.equal(await page.locator('main h1').first().textContent(), '@skylift-fixtures/scoped');
      await page.waitForURL(/[?&]tab=files/);
      await page.getByRole('link', { name: /^index\.js/ }).waitFor();
      assert.equal(await page.getByRole('button', { name: /^Version: / }).textContent(), '1.0.1');
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('a package without a readme opens on Files, with tab=files in the address', async () => {
    const watched = await open('/package/npm/css-only');
    const { page } = watched;
    try {
      await page.waitForURL(/[?&]tab=files/);
      assert.equal(await page.getByRole('tab', { name: 'Readme' }).count(), 0);
      await page.getByRole('button', { name: /dist/ }).waitFor();
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('a package with no default file: no guessed links, the files to pick from', async () => {
    const watched = await open('/package/npm/no-main');
    const { page } = watched;
    try {
      await page.getByText('No default files set by the package author: pick the files you need in the Files tab.').waitFor();
      assert.equal(await page.getByTestId('install-url-js').count(), 0);
      // Its readme is there, so the page stays on it; the files are one tab away.
      await page.getByTestId('readme').waitFor();
      await page.getByRole('tab', { name: 'Files' }).click();
      await page.waitForURL(/[?&]tab=files/);
      await page.getByRole('button', { name: /^src$/ }).click();
      await page.getByRole('link', { name: /^thing\.js/ }).waitFor();
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('an unknown name shows the not-found notice and is not indexed', async () => {
    const html = await (await fetch(`${product.wwwUrl}/package/npm/no-such-fixture-package`)).text();
    assert.match(html, /<meta name="robots" content="noindex"/);
    const watched = await open('/package/npm/no-such-fixture-package');
    const { page } = watched;
    try {
      await page
        .getByText('Package no-such-fixture-package was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.')
        .waitFor();
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    } finally {
      await page.context().close();
    }
  });

  test('a GitHub repository with releases: its tags as versions and its readme', async () => {
    const watched = await open('/package/gh/skylift-fixtures/tagged');
    const { page } = watched;
    try {
      await page.getByTestId('readme').waitFor();
      assert.equal(await page.locator('main h1').first().textContent(), 'skylift-fixtures/tagged');
      await page.getByRole('button', { name: /^Version: / }).click();
      const versions = await page.getByRole('option').allTextContents();
      assert.ok(versions.includes('1.2.0') && versions.includes('1.0.0'), `versions: ${versions.join(', ')}`);
      assert.equal(await page.getByText("This package doesn't have any release on GitHub.").count(), 0);
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('a GitHub repository without releases: the notice, the latest commit, its files', async () => {
    const watched = await open('/package/gh/skylift-fixtures/untagged');
    const { page } = watched;
    try {
      await page.getByText(/This package doesn't have any release on GitHub\./).waitFor();
      await page.waitForURL(/[?&]tab=files/);
      await page.getByText('index.html', { exact: true }).waitFor();
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('the file browser works with the keyboard alone', async () => {
    const watched = await open('/package/npm/nested?tab=files');
    const { page } = watched;
    try {
      const folder = page.getByRole('button', { name: /^a$/ });
      await folder.waitFor();
      await folder.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/path=a(&|$)/);
      await page.getByRole('button', { name: /^b$/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/path=a%2Fb/);
      await page.getByText('e.txt', { exact: true }).waitFor();
      // Back one level with the back link, then to the root with the first breadcrumb, by keyboard.
      await page.getByRole('button', { name: '../ Back' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/path=a(&|$)/);
      await page.getByRole('navigation', { name: 'Folder' }).getByRole('button', { name: 'nested' }).focus();
      await page.keyboard.press('Space');
      await page.waitForURL((url) => !url.search.includes('path='));
      // The tabs follow the arrow keys.
      await page.getByRole('tab', { name: 'Files' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForURL(/tab=stats/);
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });
});

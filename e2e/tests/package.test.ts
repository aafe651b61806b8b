/**
 * The package page as a visitor meets it, against the real product and fixture upstreams: a package with a
 * readme, a scoped package, one without a readme (Files, with tab=files in the address), one with no
 * default file, an unknown name (a 404 with the not-found notice, noindex, packages of similar names), GitHub
 * repositories with and without releases, the file browser used with the keyboard alone and given a folder
 * that does not exist; snippets that run (a CommonJS default file offered as its ES module, "Copy HTML + SRI"
 * whose hash the served bytes match), package.json read as npm reads it (lodash's shorthand repository and
 * keywords string), and the URL's file in view on a phone.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { BRAND } from '../../shared/src/brand.ts';
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

  test('an unknown name is a 404 with the not-found notice, not indexed, with packages of similar names', async () => {
    const sentence = 'Package lodahs was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.';
    const answer = await fetch(`${product.wwwUrl}/package/npm/lodahs`);
    assert.equal(answer.status, 404);
    const html = await answer.text();
    assert.match(html, /<meta name="robots" content="noindex"/);
    assert.ok(html.includes(sentence), 'the sentence in the HTML, before any script runs');
    const watched = await open('/package/npm/lodahs');
    const { page } = watched;
    try {
      await page.locator('main').getByText(sentence).waitFor();
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
      const similar = page.getByRole('list', { name: 'Packages with similar names' });
      await similar.getByRole('link', { name: 'lodash', exact: true }).click();
      await page.waitForURL(/\/package\/npm\/lodash$/);
      await page.locator('main h1').filter({ hasText: 'lodash' }).waitFor();
      // The document's and the data API's 404 for the name are the answers expected.
      assert.deepEqual(
        watched.failedRequests.filter((line) => !/\/lodahs(?:\/versions)?: HTTP 404$/.test(line)),
        [],
      );
      assert.deepEqual(
        watched.consoleErrors.filter((line) => !line.includes('404')),
        [],
      );
    } finally {
      await page.context().close();
    }
  });

  test("lodash's package.json as npm reads it: its keywords string and owner/repo repository, its owner's avatar through the image proxy", async () => {
    const watched = await open('/package/npm/lodash');
    const { page } = watched;
    try {
      const keywords = page.getByRole('complementary', { name: 'Package summary' }).getByRole('listitem');
      await keywords.first().waitFor();
      assert.deepEqual(await keywords.allTextContents(), ['modules', 'stdlib', 'util']);
      assert.equal(await page.getByRole('link', { name: 'Repository' }).getAttribute('href'), 'https://github.com/lodash/lodash');
      assert.equal(await page.getByRole('link', { name: 'Issues' }).getAttribute('href'), 'https://github.com/lodash/lodash/issues');
      const avatar = page.getByRole('link', { name: 'lodash', exact: true }).locator('img');
      assert.match((await avatar.getAttribute('src')) ?? '', /\/img\?url=/);
      await page.waitForFunction(() => (document.querySelector('main header a img') as HTMLImageElement | null)?.naturalWidth === 1);
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test("react's CommonJS index.js is offered as its ES module, saying why, with integrity at the build's pinned address", async () => {
    const watched = await open('/package/npm/react?version=18.3.1');
    const { page } = watched;
    try {
      await page.getByRole('note').filter({ hasText: '/index.js is CommonJS' }).waitFor();
      assert.equal(await page.getByRole('radio', { name: 'ESM' }).first().getAttribute('aria-checked'), 'true');
      assert.match((await page.getByTestId('install-html-esm').textContent()) ?? '', /import React from '.*\/npm\/react@18\.3\.1\/\+esm'/);
      await page.getByRole('button', { name: 'Copy HTML + SRI (ESM)' }).waitFor();
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('a static file is copied with its SHA-384, which the bytes the CDN serves match', async () => {
    const watched = await open('/package/npm/jquery?version=3.7.1');
    const { page } = watched;
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.wwwUrl });
      await page.getByRole('button', { name: 'Copy HTML + SRI (JS)' }).click();
      const html = await page.evaluate(() => navigator.clipboard.readText());
      const [, src = '', integrity = ''] = /<script src="([^"]+)" integrity="(sha384-[^"]+)" crossorigin="anonymous"><\/script>/.exec(html) ?? [];
      assert.match(src, /\/npm\/jquery@3\.7\.1\//, html);
      const bytes = Buffer.from(await (await fetch(src)).arrayBuffer());
      assert.equal(integrity, `sha384-${createHash('sha384').update(bytes).digest('base64')}`);
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });

  test('on a phone the install URL keeps its file in view, cut in the middle', async () => {
    const watched = await openWatchedPage(browser, { viewport: { width: 390, height: 844 } });
    const { page } = watched;
    try {
      await page.goto(`${product.wwwUrl}/package/npm/tiny-lib`, { waitUntil: 'networkidle' });
      const url = page.getByTestId('install-url-js');
      await url.waitFor();
      const shown = await url.evaluate((code) => {
        const [head, tail] = Array.from(code.children) as HTMLElement[];
        const box = code.getBoundingClientRect();
        const file = tail!.getBoundingClientRect();
        return { cut: head!.scrollWidth > head!.clientWidth, fileInside: file.left >= box.left && file.right <= box.right + 1, file: tail!.textContent };
      });
      assert.deepEqual(shown, { cut: true, fileInside: true, file: '/tiny.min.js' });
      assertClean(watched);
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

  test('a folder the version does not have is said, and the top folder shown', async () => {
    const watched = await open('/package/npm/nested?tab=files&path=no/such');
    const { page } = watched;
    try {
      await page.getByText(/^nested@[^ ]+ has no folder \/no\/such: its top folder is shown instead\.$/).waitFor();
      await page.getByRole('button', { name: /^a$/ }).waitFor();
      assertClean(watched);
    } finally {
      await page.context().close();
    }
  });
});

/**
 * The link collection as a visitor builds it: files switched on in the Files tab of several package pages,
 * the collection slide with each option, a reload that keeps it, and the generated tags (SRI included, and
 * the combined links) loaded in a blank page on another origin, where the scripts must run and the styles
 * apply. Then the partner example page, which has no React, mounting the package widget.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openWatchedPage, type WatchedPage } from '../support/browser.ts';
import type { RunningProduct } from '../support/product.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney } from '../support/journey.ts';

const EXAMPLE_PAGE = path.resolve(import.meta.dirname, '..', '..', 'mf-package', 'examples', 'partner-widget.html');

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;
let partnerSite: { url: string; pages: Map<string, string>; server: Server };

/** A second origin on loopback, standing for a user's own site: serves the HTML it is given by path. */
async function startPartnerSite(): Promise<typeof partnerSite> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    // Chromium asks every origin for a favicon; a site without one answers empty rather than 404.
    if (pathname === '/favicon.ico') return void response.writeHead(204).end();
    const body = pages.get(pathname);
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pages, server };
}

before(async () => {
  ({ upstreams, product, browser } = await startJourney());
  partnerSite = await startPartnerSite();
});

after(async () => {
  await browser?.close();
  // Only a site that was started: a promise waiting on the close of none would never settle, and the file never end.
  if (partnerSite) await new Promise((resolve) => partnerSite.server.close(resolve));
  await product?.stop();
  await upstreams?.stop();
});

/** Files to collect: two classic scripts and two stylesheets from four packages, each with a visible effect. */
const FILES = [
  { pkg: 'tiny-lib', folder: 'dist', file: 'tiny.js' },
  { pkg: 'with-html', folder: '', file: 'main.js' },
  { pkg: 'css-only', folder: 'dist', file: 'css-only.css' },
  { pkg: 'fields-lib', folder: 'dist', file: 'fields.css' },
];

async function collectFile(page: Page, { pkg, folder, file }: (typeof FILES)[number]): Promise<void> {
  const query = folder ? `?tab=files&path=${folder}` : '?tab=files';
  await page.goto(`${product.wwwUrl}/package/npm/${pkg}${query}`, { waitUntil: 'networkidle' });
  const toggle = page.getByRole('switch', { name: `Add ${file} to the collection` });
  await toggle.click();
  assert.equal(await toggle.isChecked(), true, `${pkg}/${file} is switched on`);
}

/** Every generated link or tag on the slide, in the order shown. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.getByTestId('collection-link').allTextContents();
}

async function optionSwitch(page: Page, name: string) {
  return page.getByRole('switch', { name, exact: true });
}

/** Loads tags in a blank page of the partner site and reports what ran. */
async function runTags(tags: string[], name: string): Promise<{ tiny: string[]; title: string; padding: string; color: string; errors: string[] }> {
  // A setter on window.tiny records every run of a tiny-lib script, so a script that ran twice or not at all shows.
  const html = `<!doctype html><html><head><title>blank</title>
<script>window.__tinyRuns = []; Object.defineProperty(window, 'tiny', { configurable: true, set(value) { window.__tinyRuns.push(value.version); }, get() { return undefined; } });</script>
${tags.join('\n')}
</head><body><div class="css-only">a</div><p class="fields">b</p></body></html>`;
  partnerSite.pages.set(`/${name}`, html);
  const watched = await openWatchedPage(browser);
  try {
    await watched.page.goto(`${partnerSite.url}/${name}`, { waitUntil: 'networkidle' });
    return {
      tiny: await watched.page.evaluate(() => (window as unknown as { __tinyRuns: string[] }).__tinyRuns),
      title: await watched.page.title(),
      padding: await watched.page.locator('.css-only').evaluate((element) => getComputedStyle(element).paddingTop),
      color: await watched.page.locator('.fields').evaluate((element) => getComputedStyle(element).color),
      errors: watched.consoleErrors,
    };
  } finally {
    await watched.page.context().close();
  }
}

describe('the link collection', () => {
  test('built from the Files tab, configured, kept over a reload, and its tags work in a blank page', async () => {
    const watched: WatchedPage = await openWatchedPage(browser);
    const { page } = watched;
    for (const file of FILES) await collectFile(page, file);

    await page.getByRole('button', { name: 'Show & Configure all links' }).click();
    await page.waitForURL((url) => url.searchParams.get('slide') === 'collection');
    const list = page.getByRole('list', { name: 'Selected files' });
    await list.waitFor();
    assert.equal(await list.getByRole('listitem').count(), 4);

    // Defaults: plain URLs to minified files, one combined JS and one combined CSS link.
    let texts = await shownTexts(page);
    const cdn = product.urls['cdn']!;
    assert.ok(texts.includes(`${cdn}/npm/tiny-lib@1.1.0/dist/tiny.min.js`), texts.join('\n'));
    assert.ok(texts.includes(`${cdn}/combine/npm/tiny-lib@1.1.0/dist/tiny.min.js,npm/with-html@1.0.0/main.min.js`), texts.join('\n'));
    assert.ok(texts.includes(`${cdn}/combine/npm/css-only@1.0.0/dist/css-only.min.css,npm/fields-lib@1.2.0/dist/fields.min.css`), texts.join('\n'));
    await page.getByText(/relative imports inside them .* may break/).waitFor();

    // Each option in turn.
    await (await optionSwitch(page, 'HTML')).click();
    texts = await shownTexts(page);
    assert.ok(texts.includes(`<script src="${cdn}/npm/tiny-lib@1.1.0/dist/tiny.min.js"></script>`), texts.join('\n'));
    await (await optionSwitch(page, 'Optimize')).click();
    texts = await shownTexts(page);
    assert.ok(texts.includes(`<link rel="stylesheet" href="${cdn}/npm/css-only@1.0.0/dist/css-only.css">`), texts.join('\n'));
    await (await optionSwitch(page, 'Version aliasing')).click();
    texts = await shownTexts(page);
    assert.ok(texts.includes(`<script src="${cdn}/npm/tiny-lib@1/dist/tiny.js"></script>`), texts.join('\n'));
    await (await optionSwitch(page, 'SRI')).click();
    assert.equal(await (await optionSwitch(page, 'HTML')).getAttribute('aria-checked'), 'true');
    assert.equal(await (await optionSwitch(page, 'Optimize')).getAttribute('aria-checked'), 'false');
    assert.equal(await (await optionSwitch(page, 'Version aliasing')).getAttribute('aria-checked'), 'false');
    await page.getByRole('link', { name: 'Using SRI with dynamic files' }).waitFor();

    // Reordering from the keyboard: with-html's main.js first.
    await page.getByRole('button', { name: /^Reorder with-html@1\.0\.0\/main\.js/ }).press('Alt+ArrowUp');
    await page.getByRole('button', { name: /^Reorder with-html@1\.0\.0\/main\.js, position 1 of 4/ }).waitFor();

    // A reload keeps the files, their order and the options.
    await page.reload({ waitUntil: 'networkidle' });
    await list.waitFor();
    assert.equal(await list.getByRole('listitem').count(), 4);
    assert.equal(await (await optionSwitch(page, 'SRI')).getAttribute('aria-checked'), 'true');
    texts = await shownTexts(page);
    const fileTags = texts.filter((text) => !text.includes('/combine/'));
    const combinedTags = texts.filter((text) => text.includes('/combine/'));
    assert.equal(fileTags.length, 4);
    assert.equal(combinedTags.length, 2);
    assert.match(
      fileTags[0] ?? '',
      /^<script src="[^"]+\/npm\/with-html@1\.0\.0\/main\.js" integrity="sha256-[A-Za-z0-9+/]+=*" crossorigin="anonymous"><\/script>$/,
    );
    for (const tag of fileTags) assert.match(tag, /integrity="sha256-/);
    assert.deepEqual(watched.consoleErrors, [], 'console errors on the package pages');
    await page.context().close();

    // The tags with SRI: every script runs once, every stylesheet applies, the browser accepts the hashes.
    const withSri = await runTags(fileTags, 'sri.html');
    assert.deepEqual(withSri, { tiny: ['1.1.0'], title: 'with-html', padding: '16px', color: 'rgb(102, 51, 153)', errors: [] });

    // The combined links do the same in one request each.
    const combined = await runTags(combinedTags, 'combined.html');
    assert.deepEqual(combined, { tiny: ['1.1.0'], title: 'with-html', padding: '16px', color: 'rgb(102, 51, 153)', errors: [] });

    // And the integrity really is checked: a changed hash keeps the script from running.
    const tampered = await runTags([fileTags.find((tag) => tag.includes('tiny-lib'))!.replace(/integrity="sha256-./, 'integrity="sha256-A')], 'tampered.html');
    assert.deepEqual(tampered.tiny, []);
  });
});

describe('the partner widget', () => {
  test('the example page without React mounts the widget for a package, isolated from its styles', async () => {
    partnerSite.pages.set('/partner-widget.html', readFileSync(EXAMPLE_PAGE, 'utf8'));
    const watched = await openWatchedPage(browser);
    const { page } = watched;
    const query = new URLSearchParams({ www: product.wwwUrl, packages: 'npm/tiny-lib,npm/no-such-package-anywhere' });
    await page.goto(`${partnerSite.url}/partner-widget.html?${query}`, { waitUntil: 'networkidle' });
    assert.equal(await page.evaluate(() => 'React' in window || '__REACT_DEVTOOLS_GLOBAL_HOOK__' in window), false);

    const widget = page.locator('[data-package-widget="npm/tiny-lib"]');
    const cdn = product.urls['cdn']!;
    const url = widget.locator('.slw__code').first();
    await url.waitFor();
    assert.match((await url.textContent()) ?? '', new RegExp(`^${cdn}/npm/tiny-lib@1\\.1\\.0/dist/tiny(\\.min)?\\.js$`));
    assert.match((await widget.locator('.slw__code').nth(1).textContent()) ?? '', /^<script src="[^"]+tiny-lib@1\.1\.0\/dist\/tiny(\.min)?\.js"><\/script>$/);
    await widget.getByText('Requests this month').waitFor();
    await widget.getByRole('button', { name: 'Copy the URL of tiny-lib' }).waitFor();
    // The host page paints every code element yellow in Comic Sans; none of it reaches the widget.
    const style = await url.evaluate((element) => ({ font: getComputedStyle(element).fontFamily, background: getComputedStyle(element).backgroundColor }));
    assert.doesNotMatch(style.font, /Comic Sans/);
    assert.notEqual(style.background, 'rgb(255, 255, 0)');

    const unknown = page.locator('[data-package-widget="npm/no-such-package-anywhere"]');
    await unknown.getByRole('alert').waitFor();
    assert.equal(
      await unknown.getByRole('alert').textContent(),
      'Package no-such-package-anywhere was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.',
    );
    // The unknown package's 404 answers are expected; nothing else may fail.
    assert.deepEqual(
      watched.consoleErrors.filter((error) => !error.includes('404')),
      [],
    );
    assert.deepEqual(
      watched.failedRequests.filter((request) => !request.includes('no-such-package-anywhere')),
      [],
    );
    await page.context().close();
  });
});

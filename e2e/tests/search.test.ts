/**
 * Package search as a visitor meets it on a fresh install: the home page search over the shipped catalog of
 * popular npm packages (names, a typo, paging to the last page, no hits), the author and type filters over
 * packages the search service learned from the registry's changes feed, and the compact search in the
 * header driven by keyboard only.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { until } from '../../server/src/testing/until.ts';
import { startFixtureGitHub, startFixtureRegistry, type FixtureGitHub, type FixtureRegistry } from '../../server/test/fixtures/upstream/index.ts';
import { launchBrowser, openWatchedPage } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';

/** Packages published to the fixture registry and announced on the changes feed: they bring owners and module types. */
const PUBLISHED: Record<string, Record<string, unknown>> = {
  react: {
    name: 'react',
    version: '19.3.1',
    description: 'React is a JavaScript library for building user interfaces.',
    main: 'index.js',
    keywords: ['react'],
    repository: 'facebook/react',
    license: 'MIT',
  },
  'react-dom': {
    name: 'react-dom',
    version: '19.3.1',
    description: 'React package for working with the DOM.',
    main: 'index.js',
    repository: 'facebook/react',
    license: 'MIT',
  },
  preact: {
    name: 'preact',
    version: '10.28.0',
    description: 'Fast 3kb React-compatible Virtual DOM library.',
    type: 'module',
    exports: { '.': { import: './dist/preact.mjs', require: './dist/preact.js' } },
    repository: 'preactjs/preact',
    license: 'MIT',
  },
};

let registry: FixtureRegistry;
let github: FixtureGitHub;
let feed: Server;
let product: RunningProduct;
let browser: Browser;
let searchConfig: { appId: string; apiKey: string; indexName: string };

/** A CouchDB-style changes feed announcing the published packages once. */
async function startChangesFeed(names: string[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const since = Number(new URL(request.url ?? '/', 'http://feed').searchParams.get('since') ?? '0');
    const results = names.map((id, i) => ({ seq: i + 1, id, changes: [{ rev: '1-a' }] })).filter((change) => change.seq > since);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ results, last_seq: names.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/_changes` };
}

/** Asks the search service directly, as the browser's client does. */
async function searchService(body: Record<string, unknown>): Promise<Array<{ name: string }>> {
  const response = await fetch(`${product.urls['search']}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': searchConfig.appId, 'x-algolia-api-key': searchConfig.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ requests: [{ indexName: searchConfig.indexName, ...body }] }),
  });
  const json = (await response.json()) as { results: Array<{ hits: Array<{ name: string }> }> };
  return json.results[0]?.hits ?? [];
}

before(async () => {
  registry = await startFixtureRegistry();
  github = await startFixtureGitHub();
  for (const [name, manifest] of Object.entries(PUBLISHED)) {
    registry.publish(
      name,
      String(manifest['version']),
      { 'package.json': JSON.stringify(manifest), 'index.js': 'module.exports = {};\n' },
      { tags: ['latest'] },
    );
  }
  const changes = await startChangesFeed(Object.keys(PUBLISHED));
  feed = changes.server;
  product = await startProduct({
    env: {
      SKYLIFT_NPM_REGISTRY: registry.url,
      SKYLIFT_GITHUB_API: github.apiUrl,
      SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
      SKYLIFT_CHANGES_FEED_URL: changes.url,
    },
  });
  searchConfig = ((await (await fetch(`${product.wwwUrl}/config.json`)).json()) as { search: typeof searchConfig }).search;
  // The follower indexes the announced packages in the background: wait until their owners are searchable.
  // The service may still be loading the catalog: a refused connection just means "not yet".
  await until(async () => (await searchService({ query: '', facetFilters: ['owner.name:facebook'] })).some((hit) => hit.name === 'react'), {
    message: 'the packages of the changes feed to be searchable by owner (react by facebook)',
    timeoutMs: 30_000,
    intervalMs: 200,
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await product?.stop();
  // Only a feed that was started: a promise waiting on the close of none would never settle, and the file never end.
  if (feed) await new Promise((resolve) => feed.close(resolve));
  await Promise.allSettled([registry?.close(), github?.close()]);
});

async function openHome(path = '/'): Promise<Page> {
  const { page } = await openWatchedPage(browser);
  await page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  return page;
}

const hitNames = (page: Page) => page.getByTestId('search-hit').getByTestId('search-hit-name').allTextContents();

async function typeQuery(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search all npm packages' });
  await box.fill('');
  await box.pressSequentially(text);
  await page.waitForFunction((q) => new URLSearchParams(location.search).get('query') === q, text);
  await settled(page);
}

/** The results shown are the answer to the search in the address (not the previous one's, kept while loading). */
async function settled(page: Page): Promise<void> {
  await page.locator('[data-testid="search-results"]:is([data-state="ready"], [data-state="failed"])').waitFor();
}

describe('the home page search', () => {
  test('a popular name finds that package first, with its page one click away', async () => {
    const page = await openHome();
    await typeQuery(page, 'react');
    const names = await hitNames(page);
    assert.equal(names[0], 'react');
    assert.equal(names.length, 10);
    assert.equal(await page.getByTestId('home-landing').count(), 0, 'the landing sections give way to the results');
    await page.getByRole('link', { name: 'react', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/package/npm/react');
    await page.context().close();
  });

  test('the pager goes to the last page, where Next is gone, and the page is in the address', async () => {
    const page = await openHome('/?query=react');
    await settled(page);
    const pager = page.getByRole('navigation', { name: 'Search result pages' });
    assert.equal(await pager.getByRole('button', { name: /Previous/ }).count(), 0);
    for (let step = 0; step < 80 && (await pager.getByRole('button', { name: /Next/ }).count()) > 0; step += 1) {
      const numbers = await pager.getByRole('button', { name: /^Page / }).allTextContents();
      const highest = numbers.at(-1)!;
      await pager.getByRole('button', { name: `Page ${highest}`, exact: true }).click();
      await pager.locator(`[aria-current="page"]`, { hasText: highest }).waitFor();
      await settled(page);
    }
    assert.equal(await pager.getByRole('button', { name: /Next/ }).count(), 0, 'Next is hidden on the last page');
    const current = Number(await pager.locator('[aria-current="page"]').textContent());
    assert.ok(current > 1);
    assert.equal(new URL(page.url()).searchParams.get('page'), String(current - 1));
    assert.ok((await page.getByTestId('search-hit').count()) > 0);
    await page.context().close();
  });

  test('a typo still finds the package meant', async () => {
    const page = await openHome();
    await typeQuery(page, 'recat');
    assert.ok((await hitNames(page)).slice(0, 3).includes('react'), 'recat finds react among the first hits');
    await page.context().close();
  });

  test('an author link searches by owner', async () => {
    const page = await openHome();
    await typeQuery(page, 'react-dom');
    const card = page.getByTestId('search-hit').filter({ has: page.getByRole('link', { name: 'react-dom', exact: true }) });
    await card.getByRole('link', { name: 'facebook' }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('query') === 'author: facebook');
    // The box takes the address's query once the page has rendered the new address: wait for what the visitor sees.
    const box = page.getByRole('searchbox', { name: 'Search all npm packages' });
    await page
      .waitForFunction((input) => (input as HTMLInputElement).value === 'author: facebook', await box.elementHandle(), { timeout: 5000 })
      .catch(async (error: unknown) => {
        throw new Error(`The search box never showed "author: facebook" (it shows "${await box.inputValue()}")`, { cause: error });
      });
    await settled(page);
    assert.equal(await box.inputValue(), 'author: facebook');
    assert.deepEqual((await hitNames(page)).sort(), ['react', 'react-dom']);
    await page.context().close();
  });

  test('the ESM filter keeps only packages that ship ES modules, and a second click clears it', async () => {
    const page = await openHome();
    await typeQuery(page, 'react');
    const esm = page.getByRole('button', { name: 'ESM', exact: true });
    await esm.click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('type') === 'esm');
    // The address changes before the page renders the filtered search: until the button shows pressed, the results
    // on screen (ready) are still the unfiltered search's.
    await page.locator('button[aria-pressed="true"]', { hasText: /^ESM$/ }).waitFor();
    await settled(page);
    assert.deepEqual(await hitNames(page), ['preact']);
    await esm.click();
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('type'));
    await page.locator('button[aria-pressed="false"]', { hasText: /^ESM$/ }).waitFor();
    await settled(page);
    assert.equal((await hitNames(page))[0], 'react');
    await page.context().close();
  });

  test('a query without hits says No results found; clearing it brings the landing page back', async () => {
    const page = await openHome();
    await typeQuery(page, 'qqzx-no-such-thing-vvkw author: nobody-at-all');
    await page.getByText('No results found').waitFor();
    await page.getByRole('searchbox', { name: 'Search all npm packages' }).fill('');
    await page.getByTestId('home-landing').waitFor();
    await page.context().close();
  });
});

describe('the compact search in the header', () => {
  test('by keyboard only: focus, type, Down, Enter lands on the package page', async () => {
    const page = await openHome('/statistics');
    const combobox = page.getByRole('combobox', { name: 'Search packages' });
    await combobox.waitFor();
    for (let i = 0; i < 30 && !(await combobox.evaluate((element) => element === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    assert.ok(await combobox.evaluate((element) => element === document.activeElement), 'the search field is reachable with Tab');
    await page.keyboard.type('react');
    await page.getByRole('option').first().waitFor();
    assert.equal(await page.getByRole('option').count(), 5);
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByRole('option').first().getAttribute('aria-selected'), 'true');
    const name = (await page.getByRole('option').first().getByTestId('compact-search-name').textContent())!;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/package/npm/${name}`);
    assert.equal(name, 'react');
    await page.context().close();
  });

  test('Enter without a highlighted package searches on the home page', async () => {
    const page = await openHome('/statistics');
    const combobox = page.getByRole('combobox', { name: 'Search packages' });
    await combobox.focus();
    await page.keyboard.type('vue');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('query') === 'vue');
    await page.getByTestId('search-hit').first().waitFor();
    await page.context().close();
  });
});

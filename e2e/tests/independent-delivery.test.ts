/**
 * A team delivers on its own: a second build of mf-tools, changed only inside its own folder to declare one
 * more page and one more Tools menu entry, is deployed on another server and named in the remotes file.
 * Without rebuilding or restarting the shell or the web server, the new page is live inside the frame, in
 * the Tools menu, and answered by the web server with its title; every other route still works. Then that
 * server goes away: its routes keep a 200 and their titles, and show the fallback in the frame. A remote
 * redeployed under an open page (its old chunks removed, its entry new): the next page of it the visitor opens
 * is loaded again from the new build, with no fallback, no alert and no error but the removed chunk's 404. Also: the
 * shell paints from the boot document with no request for its configuration, and each remote's standalone
 * page still works.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { openWatchedPage } from '../support/browser.ts';
import type { RunningProduct } from '../support/product.ts';
import { BUILT_REMOTES } from '../support/samplePaths.ts';
import {
  PURGE_PAGE_ADDITION,
  SECOND_BUILD_DIR,
  SECOND_BUILD_ENV,
  secondBuildResult,
  startSecondBuild,
  type SecondBuildOutcome,
} from '../support/secondBuild.mjs';
import { serveFolder, type StaticServer } from '../support/staticServer.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney, stopJourney } from '../support/journey.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The build of the second version this file started itself, run without run.mjs. */
let ownBuild: Promise<SecondBuildOutcome> | undefined;

/** The second version's build output: from the build started before the journeys, or from this file's own. */
async function secondVersion(): Promise<string> {
  const started = process.env[SECOND_BUILD_ENV];
  const outcome = started ? await secondBuildResult(started) : await ownBuild!;
  assert.equal(outcome.code, 0, `the second build failed:\n${outcome.output}`);
  return outcome.dist;
}

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;
let second: StaticServer | undefined;

before(async () => {
  // Alone, this file builds the second version while its product starts; under run.mjs it is being built already.
  if (!process.env[SECOND_BUILD_ENV]) ownBuild = startSecondBuild().result;
  // The launcher, as `npm start` runs it: a remote is delivered while every service's process keeps running.
  ({ upstreams, product, browser } = await startJourney({ oneProcess: false }));
});

after(async () => {
  await second?.stop();
  await stopJourney({ browser, product, upstreams });
  await ownBuild;
  rmSync(process.env[SECOND_BUILD_ENV] ?? SECOND_BUILD_DIR, { recursive: true, force: true });
});

describe('start-up', () => {
  test('a first visit makes no request for the configuration or the remotes manifest', async () => {
    const watched = await openWatchedPage(browser);
    const requested: string[] = [];
    watched.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await watched.page.goto(`${product.wwwUrl}/statistics`, { waitUntil: 'networkidle' });
    await watched.page.locator('main h1').first().waitFor();
    for (const path of ['/config.json', '/remotes.json', '/boot.json']) assert.ok(!requested.includes(path), `${path} was requested`);
    assert.deepEqual(watched.consoleErrors, []);
    await watched.page.context().close();
  });
});

describe('each remote still runs alone', () => {
  for (const remote of BUILT_REMOTES) {
    test(`${remote}'s standalone page links its pages and shows them`, async () => {
      const watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(`${product.wwwUrl}/remotes/${remote}/`, { waitUntil: 'networkidle' });
      const nav = page.getByRole('navigation', { name: `${remote} pages` });
      await nav.waitFor();
      const first = nav.getByRole('link').first();
      const target = await first.getAttribute('href');
      await first.click();
      await page.locator('main h1').first().waitFor();
      assert.equal(new URL(page.url()).pathname, target);
      await page.context().close();
    });
  }
});

// Last in this file: the second build, started before the journeys, has had the other tests' time to end.
describe('a remote delivered on its own', () => {
  test('a second build of mf-tools with one more page goes live, then its server goes away', async () => {
    const shellBuilt = statSync(path.join(root, 'shell', 'dist', 'index.html')).mtimeMs;
    const dist = await secondVersion();
    second = await serveFolder(dist);
    assert.equal((await fetch(`${product.wwwUrl}/tools/release-notes`)).status, 404, 'no remote claims the page before the deployment');
    product.overrideRemotes({ 'mf-tools': `${second.url}/mf-manifest.json` });

    // The web server answers the new page with its title and a 200.
    const answer = await fetch(`${product.wwwUrl}/tools/release-notes`);
    assert.equal(answer.status, 200);
    assert.match(await answer.text(), /<title>Release notes - /);

    const watched = await openWatchedPage(browser);
    const { page } = watched;
    await page.goto(`${product.wwwUrl}/about`, { waitUntil: 'networkidle' });
    // The Tools menu lists the new page, in the order its entry declares.
    await page.getByRole('button', { name: 'Tools' }).click();
    const items = await page.getByRole('menu', { name: 'Tools' }).getByRole('menuitem').allTextContents();
    assert.deepEqual(items.slice(0, 2), ['Purge cache', 'Release notes']);
    await page.getByRole('menuitem', { name: 'Release notes' }).click();
    await page.waitForURL('**/tools/release-notes');
    await page.getByRole('heading', { level: 1, name: 'Release notes' }).waitFor();
    assert.equal(await page.getByRole('banner').count(), 1, 'inside the frame');
    assert.match(await page.title(), /^Release notes - /);

    // Every old route still works, the moved remote's among them.
    for (const path of ['/', '/github', '/statistics', '/package/npm/tiny-lib']) {
      const response = await page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
      assert.equal(response?.status(), 200, path);
      await page.locator('main h1').first().waitFor();
      assert.equal(await page.getByTestId('remote-fallback').count(), 0, `${path} shows no fallback`);
    }
    assert.deepEqual(watched.consoleErrors, []);
    assert.deepEqual(watched.failedRequests, []);

    // The remote's server goes away: the web server keeps its last good declaration.
    await second.stop();
    second = undefined;
    const kept = await page.goto(`${product.wwwUrl}/tools/release-notes`, { waitUntil: 'networkidle' });
    assert.equal(kept?.status(), 200);
    assert.match(await page.title(), /^Release notes - /);
    await page.getByTestId('remote-fallback').waitFor();
    assert.equal(await page.getByRole('banner').count(), 1, 'the fallback is inside the frame');
    // The shell was neither rebuilt nor restarted for any of this.
    assert.equal(statSync(path.join(root, 'shell', 'dist', 'index.html')).mtimeMs, shellBuilt);
    await page.context().close();
    product.overrideRemotes({});
  });

  test('a remote redeployed under an open page: the next page of it comes from the new build, and nothing alarming is said', async () => {
    const dist = await secondVersion();
    // The remote as deployed on its own host: first its current build, then the new one in the same place.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'skylift-e2e-redeploy-'));
    cpSync(path.join(root, 'mf-tools', 'dist'), folder, { recursive: true });
    const host = await serveFolder(folder);
    try {
      product.overrideRemotes({ 'mf-tools': `${host.url}/mf-manifest.json` });
      const watched = await openWatchedPage(browser);
      const { page } = watched;
      await page.goto(`${product.wwwUrl}/github`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: /GitHub/ }).waitFor();

      // The deployment: every file of the old build removed, the new build's in their place.
      for (const name of readdirSync(folder)) rmSync(path.join(folder, name), { recursive: true, force: true });
      cpSync(dist, folder, { recursive: true });

      // Within the remote, to a page whose code the open page has not fetched, and whose chunk the new build renamed.
      await page.getByRole('button', { name: 'Tools' }).click();
      await page.getByRole('menuitem', { name: 'Purge cache' }).click();
      await page.waitForURL('**/tools/purge');
      // The page is loaded again from the deployment now live: its purge page has the team's new sentence.
      await page.getByText(PURGE_PAGE_ADDITION).waitFor();
      assert.equal(await page.getByTestId('remote-fallback').count(), 0, 'no fallback');
      assert.equal(await page.getByRole('alert').count(), 0, 'no alert');
      // The browser's own lines for the removed chunk it asked for are all the console says.
      const said = watched.consoleErrors.filter((line) => !/status of 404/.test(line));
      assert.deepEqual(said, []);
      await page.context().close();
    } finally {
      product.overrideRemotes({});
      await host.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/**
 * A team delivers on its own: a second build of mf-tools, changed only inside its own folder to declare one
 * more page and one more Tools menu entry, is deployed on another server and named in the remotes file.
 * Without rebuilding or restarting the shell or the web server, the new page is live inside the frame, in
 * the Tools menu, and answered by the web server with its title; every other route still works. Then that
 * server goes away: its routes keep a 200 and their titles, and show the fallback in the frame. Also: the
 * shell paints from the boot document with no request for its configuration, and each remote's standalone
 * page still works.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openWatchedPage } from '../support/browser.ts';
import { startProduct, type RunningProduct } from '../support/product.ts';
import { BUILT_REMOTES } from '../support/samplePaths.ts';
import { serveFolder, type StaticServer } from '../support/staticServer.ts';
import { startUpstreams, type Upstreams } from '../support/upstreams.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const work = path.join(root, 'e2e', '.work', 'mf-tools-v2');

/** The team's change: one new page file, and its entry in the remote's page declaration. */
const NEW_PAGE = `export function ReleaseNotesPage() {
  return (
    <article>
      <h1>Release notes</h1>
      <p>What changed in the tools, newest first.</p>
    </article>
  );
}
`;
const NEW_DECLARATION_ENTRY = `  {
    path: '/tools/release-notes',
    title: t('Release notes'),
    description: 'What changed in the tools, newest first.',
    header: 'regular',
    menus: [{ menu: 'tools', label: 'Release notes', order: 12 }],
    load: () => import('./ReleaseNotesPage').then((m) => m.ReleaseNotesPage),
  },
]);`;

/** A copy of mf-tools with the team's change, built with the same webpack configuration as the real one. */
async function buildSecondVersion(): Promise<string> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.dirname(work), { recursive: true });
  cpSync(path.join(root, 'mf-tools'), work, { recursive: true, filter: (source) => !/[/\\](dist|node_modules)$/.test(source) });
  writeFileSync(path.join(work, 'src', 'pages', 'ReleaseNotesPage.tsx'), NEW_PAGE);
  const declarationFile = path.join(work, 'src', 'pages', 'index.ts');
  const declaration = readFileSync(declarationFile, 'utf8');
  assert.ok(declaration.trimEnd().endsWith(']);'), 'the declaration ends with its list of pages');
  writeFileSync(declarationFile, declaration.trimEnd().replace(/\]\);$/, NEW_DECLARATION_ENTRY) + '\n');
  // The copy lives elsewhere, so its configuration names the shared factory by its full path.
  const config = readFileSync(path.join(work, 'webpack.config.js'), 'utf8').replace(
    '../webpack/createConfig.mjs',
    path.join(root, 'webpack', 'createConfig.mjs'),
  );
  writeFileSync(path.join(work, 'webpack.config.js'), config);
  // Not spawnSync: the product this process started must keep being served while the build runs.
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production', '--config', 'webpack.config.js'],
    { cwd: work },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 0, `the second build failed:\n${output}`);
  return path.join(work, 'dist');
}

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;
let second: StaticServer | undefined;

before(async () => {
  upstreams = await startUpstreams();
  product = await startProduct({ env: upstreams.env });
  browser = await launchBrowser();
});

after(async () => {
  await second?.stop();
  await browser?.close();
  await product?.stop();
  await upstreams?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('a remote delivered on its own', () => {
  test('a second build of mf-tools with one more page goes live, then its server goes away', async () => {
    const shellBuilt = statSync(path.join(root, 'shell', 'dist', 'index.html')).mtimeMs;
    const dist = await buildSecondVersion();
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

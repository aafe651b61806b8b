/**
 * The import map generator as a visitor uses it: packages listed on /tools/importmap, the HTML the page
 * gives pasted into a plain page on another origin, which then imports the packages by name, every module
 * loaded with its integrity checked, and the two packages sharing one copy of their common dependency. A
 * map whose hash is altered makes the browser refuse the module.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { until } from '../../server/src/testing/until.ts';
import { openWatchedPage } from '../support/browser.ts';
import type { RunningProduct } from '../support/product.ts';
import { serveFolder, type StaticServer } from '../support/staticServer.ts';
import type { Upstreams } from '../support/upstreams.ts';
import { startJourney } from '../support/journey.ts';

let upstreams: Upstreams;
let product: RunningProduct;
let browser: Browser;
let site: StaticServer;
let folder: string;

before(async () => {
  ({ upstreams, product, browser } = await startJourney());
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-importmap-'));
  site = await serveFolder(folder);
});

after(async () => {
  await browser?.close();
  await site?.stop();
  await product?.stop();
  await upstreams?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** A plain page: the pasted HTML in its head, then a module that imports the packages by name. */
function plainPage(head: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,">
${head}
<script type="module">
import * as React from 'mini-react';
import { Card, reactDispatcher } from 'react-widget-b';
import { total } from 'esm-only-lib';
window.__result = { sameReact: reactDispatcher === React.dispatcher, version: React.version, card: Card('x').type, total: total([1, 2]) };
</script>
</head><body></body></html>`;
}

describe('the import map generator', () => {
  test('a generated map pasted into a page on another origin loads every module with its integrity, one shared copy of mini-react', async () => {
    const watched = await openWatchedPage(browser);
    const { page } = watched;
    await page.goto(`${product.wwwUrl}/tools/importmap`, { waitUntil: 'networkidle' });
    const packages = page.getByRole('textbox', { name: 'Packages' });
    // When the form never shows, say what the page showed instead and what failed on the way.
    await packages.waitFor({ timeout: 60_000 }).catch(async (error: Error) => {
      const shown = await page
        .locator('body')
        .innerText()
        .catch(() => '(no body)');
      throw new Error(
        `${error.message}\nThe page showed: ${shown.slice(0, 1000)}\nConsole errors: ${watched.consoleErrors.join('\n')}\nFailed requests: ${watched.failedRequests.join('\n')}`,
      );
    });
    await packages.fill('mini-react@18\nreact-widget-b, esm-only-lib');
    await page.getByRole('button', { name: 'Generate import map' }).click();
    const htmlBlock = page.getByTestId('importmap-html');
    await htmlBlock.waitFor({ timeout: 60_000 });
    const html = (await htmlBlock.textContent()) ?? '';
    assert.match(html, /<script type="importmap">/);
    assert.match(html, /mini-react@18\.3\.1\/\+esm/);
    assert.deepEqual(watched.consoleErrors, []);

    fs.writeFileSync(path.join(folder, 'index.html'), plainPage(html));
    await page.goto(`${site.url}/index.html`);
    const result = await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, null, { timeout: 30_000 });
    assert.deepEqual(await result.jsonValue(), { sameReact: true, version: '18.3.1', card: 'section', total: '3.00' });
    assert.deepEqual(watched.consoleErrors, []);

    // The same page with one hash altered: the browser refuses that module, so the page's import fails.
    const map = JSON.parse(/<script type="importmap">\n([\s\S]*?)\n<\/script>/.exec(html)![1]!) as { integrity: Record<string, string> };
    const reactUrl = Object.keys(map.integrity).find((url) => url.includes('/npm/mini-react@18.3.1/+esm'))!;
    const altered = html.split(map.integrity[reactUrl]!).join('sha384-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    fs.writeFileSync(path.join(folder, 'altered.html'), plainPage(altered));
    watched.reset();
    await page.goto(`${site.url}/altered.html`);
    // Read through a fresh reference: the deepEqual above narrowed the property to an empty list.
    const refusals = watched.consoleErrors as string[];
    // The refusal fails the page's whole module graph: once the browser has named it, nothing of the graph runs.
    await until(() => refusals.some((line) => /integrity/i.test(line) && line.includes(reactUrl)), {
      message: () => `the browser to name the integrity check of ${reactUrl}: ${refusals.join('\n')}`,
      timeoutMs: 10_000,
    });
    assert.equal(
      await page.evaluate(() => (window as unknown as { __result?: unknown }).__result),
      undefined,
      'nothing ran with a module whose bytes do not match',
    );
    await page.context().close();
  });
});

/**
 * Module benchmark: three packages with dependency trees from the fixture registry (a charting, a date and a
 * state library), imported in headless Chromium on loopback once through our `+esm` builds and once as
 * unbundled native ES modules served file by file (how unpkg's `?module` works). Prints, per package, the
 * requests the browser made and the time to a resolved import() for both, and the ratios.
 * Usage: node --import tsx bench/esm/run.ts   (BENCH_ROUNDS=N, default 7; the median time is printed)
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { ensureChromium } from '../../e2e/support/ensureChromium.mjs';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildCdnApp } from '../../server/src/cdn/app.ts';
import { createPackageStore } from '../../server/src/packages/index.ts';
import { startFixtureRegistry } from '../../server/test/fixtures/upstream/index.ts';
import { startUnbundledServer } from './unbundledServer.ts';

const PACKAGES = [
  { label: 'charting', spec: 'chartkit@3.2.0' },
  { label: 'dates', spec: 'datekit@2.5.0' },
  { label: 'UI state', spec: 'statekit@4.1.0' },
];
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);

interface Measure {
  requests: number;
  ms: number;
  exports: number;
}

/** A blank page on its own origin, so both module servers are cross-origin alike. */
async function startPageServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>module benchmark</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One cold import in a fresh browser context (empty cache): requests made and time to the resolved import(). */
async function measure(browser: Browser, pageUrl: string, moduleUrl: string): Promise<Measure> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(pageUrl);
    let requests = 0;
    const failed: string[] = [];
    page.on('request', () => requests++);
    page.on('requestfailed', (request) => failed.push(request.url()));
    const result = await page.evaluate(async (url) => {
      const start = performance.now();
      const mod = (await import(url)) as Record<string, unknown>;
      return { ms: performance.now() - start, exports: Object.keys(mod).length };
    }, moduleUrl);
    if (failed.length) throw new Error(`requests failed: ${failed.join(', ')}`);
    return { requests, ...result };
  } finally {
    await context.close();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

ensureChromium();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-esm-'));
const registry = await startFixtureRegistry();
const config = loadConfig({ ...process.env, SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_DATA_DIR: dataDir, SKYLIFT_LOG_LEVEL: 'warn' });
const store = await createPackageStore(config);
const cdn = await buildCdnApp(config, { store, requestLog: false });
const cdnUrl = (await cdn.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
const unbundled = await startUnbundledServer(store);
const pageServer = await startPageServer();
const browser = await launchBrowser();

try {
  const rows: string[][] = [];
  for (const { label, spec } of PACKAGES) {
    const ours = `${cdnUrl}/npm/${spec}/+esm`;
    const reference = `${unbundled.url}/${spec}?module`;
    // The first import builds (ours) and extracts (both); it is reported apart, then rounds measure delivery.
    const coldOurs = await measure(browser, pageServer.url, ours);
    const coldReference = await measure(browser, pageServer.url, reference);
    const oursRuns: Measure[] = [];
    const referenceRuns: Measure[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always meets a warmer machine.
      if (round % 2 === 0) {
        oursRuns.push(await measure(browser, pageServer.url, ours));
        referenceRuns.push(await measure(browser, pageServer.url, reference));
      } else {
        referenceRuns.push(await measure(browser, pageServer.url, reference));
        oursRuns.push(await measure(browser, pageServer.url, ours));
      }
    }
    const o = { requests: median(oursRuns.map((m) => m.requests)), ms: median(oursRuns.map((m) => m.ms)) };
    const r = { requests: median(referenceRuns.map((m) => m.requests)), ms: median(referenceRuns.map((m) => m.ms)) };
    if (oursRuns[0]!.exports !== referenceRuns[0]!.exports) throw new Error(`${spec}: the two imports export different names`);
    rows.push([
      `${label} (${spec})`,
      String(o.requests),
      `${o.ms.toFixed(1)} ms`,
      String(r.requests),
      `${r.ms.toFixed(1)} ms`,
      `${(r.requests / o.requests).toFixed(1)}x`,
      `${(r.ms / o.ms).toFixed(1)}x`,
      `${coldOurs.ms.toFixed(0)} / ${coldReference.ms.toFixed(0)} ms`,
    ]);
  }
  const header = [
    'package',
    '+esm requests',
    '+esm import()',
    'unbundled requests',
    'unbundled import()',
    'requests ratio',
    'time ratio',
    'first import (+esm / unbundled)',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nModule loading in headless Chromium on loopback, cold browser cache, median of ${ROUNDS} rounds`);
  console.log('ours: one +esm build per package (dependencies as separate builds); reference: unbundled files, unpkg ?module style\n');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('\nrequests ratio = unbundled requests / +esm requests; time ratio = unbundled time / +esm time (higher favours +esm).');
  console.log('first import: includes building (+esm) and fetching and extracting the packages (both), server warm otherwise.');
} finally {
  await browser.close();
  await pageServer.close();
  await unbundled.close();
  await cdn.close();
  await store.close();
  await registry.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

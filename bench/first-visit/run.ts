/**
 * What a first visit costs: opens each page in Chromium against the built product (fixture upstreams,
 * fresh cache) and prints every script with its raw and gzip size, the totals, and Lighthouse-style
 * load figures (first contentful paint, largest contentful paint, DOM ready, load, requests, bytes).
 * Usage: node --import tsx bench/first-visit/run.ts [/path ...]   (default: / and a package page)
 */
import { gzipSync } from 'node:zlib';
import { ensureChromium } from '../../e2e/support/ensureChromium.mjs';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { startProduct } from '../../e2e/support/product.ts';
import { startUpstreams } from '../../e2e/support/upstreams.ts';

const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (paths.length === 0) paths.push('/', '/package/npm/tiny-lib');

ensureChromium();
const upstreams = await startUpstreams();
const product = await startProduct({ env: upstreams.env });
const browser = await launchBrowser();

// A visitor's first visit means a cold browser, not a cold server: visit every page once before measuring.
for (const path of paths) {
  const warm = await browser.newContext();
  await (await warm.newPage()).goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
  await warm.close();
}

/**
 * Start-up work (indexing the package catalog, loading the country database) shares the services' process
 * for a while; a visitor of a deployment that has been up for a minute does not wait for it. Measure once
 * the web server answers promptly again: five answers in a row under 20 ms, or after 60 s at most.
 */
async function settled(url: string): Promise<number> {
  const started = Date.now();
  let prompt = 0;
  while (prompt < 5 && Date.now() - started < 60_000) {
    const t0 = performance.now();
    await (await fetch(url)).arrayBuffer();
    prompt = performance.now() - t0 < 20 ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}
console.log(`server settled after ${((await settled(`${product.wwwUrl.replace('localhost', '127.0.0.1')}/healthz`)) / 1000).toFixed(1)} s`);

const kb = (n: number): string => `${(n / 1000).toFixed(1).padStart(8)} kB`;
try {
  for (const path of paths) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Array<{ url: string; raw: number; gzip: number; wire: number }> = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await response
            .request()
            .sizes()
            .catch(() => ({ responseBodySize: body.length }));
          scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize });
        })(),
      );
    });
    await page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const timing = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number; domReady: number; load: number; requests: number; transfer: number }>((resolve) => {
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
            const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
            resolve({
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
              lcp,
              domReady: nav?.domContentLoadedEventEnd ?? 0,
              load: nav?.loadEventEnd ?? 0,
              requests: resources.length + 1,
              transfer: resources.reduce((t, r) => t + r.transferSize, nav?.transferSize ?? 0),
            });
          }, 100);
        }),
    );
    scripts.sort((a, b) => b.raw - a.raw);
    console.log(`\nFirst visit to ${path}: ${scripts.length} scripts`);
    console.log(`${'raw'.padStart(11)} ${'gzip -9'.padStart(11)} ${'on the wire'.padStart(11)}  file`);
    for (const s of scripts) console.log(`${kb(s.raw)} ${kb(s.gzip)} ${kb(s.wire)}  ${s.url}`);
    const total = scripts.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, wire: t.wire + s.wire }), { raw: 0, gzip: 0, wire: 0 });
    console.log(`${kb(total.raw)} ${kb(total.gzip)} ${kb(total.wire)}  TOTAL`);
    const ms = (n: number): string => `${n.toFixed(0)} ms`;
    console.log(
      `first contentful paint ${ms(timing.fcp)}, largest contentful paint ${ms(timing.lcp)}, DOM ready ${ms(timing.domReady)}, load ${ms(timing.load)}; ${timing.requests} requests, ${kb(timing.transfer).trim()} transferred`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
  await upstreams.stop();
}

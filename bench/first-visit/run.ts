/**
 * What a first visit costs: opens each page in Chromium with a fresh cache and prints every script with its raw
 * and gzip size, the totals, the bytes every request took on the wire (by origin), the time until the page
 * settled, and Lighthouse-style load figures (first contentful paint, largest contentful paint, DOM ready, load).
 * By default against the built product with fixture upstreams; `--www URL` measures a product already running
 * there (`npm start`, against the registry npm is configured with) instead.
 * Usage: node --import tsx bench/first-visit/run.ts [--www http://localhost:4000] [/path ...]   (default: / and a package page)
 */
import { get } from 'node:http';
import { ensureChromium } from '../../e2e/support/ensureChromium.mjs';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { measureFirstVisit } from '../../e2e/support/firstVisit.ts';
import { startProduct, type RunningProduct } from '../../e2e/support/product.ts';
import { startUpstreams, type Upstreams } from '../../e2e/support/upstreams.ts';

const args = process.argv.slice(2);
const wwwIndex = args.indexOf('--www');
const runningAt = wwwIndex === -1 ? undefined : args[wwwIndex + 1]?.replace(/\/+$/, '');
if (wwwIndex !== -1 && !runningAt) throw new Error('--www needs the address of the running website, e.g. --www http://localhost:4000');
const paths = args.filter((a) => a.startsWith('/'));
if (paths.length === 0) paths.push('/', runningAt ? '/package/npm/react' : '/package/npm/tiny-lib');

ensureChromium();
let upstreams: Upstreams | undefined;
let product: RunningProduct | undefined;
if (!runningAt) {
  upstreams = await startUpstreams();
  product = await startProduct({ env: upstreams.env });
}
const wwwUrl = runningAt ?? product!.wwwUrl;
const browser = await launchBrowser({ allowPorts: [Number(new URL(wwwUrl).port || 80)] });

// A visitor's first visit means a cold browser, not a cold server: visit every page once before measuring.
for (const path of paths) {
  const warm = await browser.newContext();
  await (await warm.newPage()).goto(`${wwwUrl}${path}`, { waitUntil: 'networkidle' });
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
    // node:http rather than fetch(), which refuses the ports browsers refuse (6000 among them).
    await new Promise<void>((resolve, reject) => get(url, (response) => response.resume().on('end', resolve)).on('error', reject));
    prompt = performance.now() - t0 < 20 ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}
console.log(`server settled after ${((await settled(`${wwwUrl.replace('localhost', '127.0.0.1')}/healthz`)) / 1000).toFixed(1)} s`);

const kb = (n: number): string => `${(n / 1000).toFixed(1).padStart(8)} kB`;
const ms = (n: number): string => `${n.toFixed(0)} ms`;
try {
  for (const path of paths) {
    const visit = await measureFirstVisit(browser, `${wwwUrl}${path}`);
    console.log(`\nFirst visit to ${path}: ${visit.scripts.length} scripts`);
    console.log(`${'raw'.padStart(11)} ${'gzip -9'.padStart(11)} ${'on the wire'.padStart(11)}  file`);
    for (const s of visit.scripts) console.log(`${kb(s.raw)} ${kb(s.gzip)} ${kb(s.wire)}  ${s.url}`);
    const total = visit.scriptTotal;
    console.log(`${kb(total.raw)} ${kb(total.gzip)} ${kb(total.wire)}  TOTAL`);
    console.log('transferred by origin:');
    for (const origin of visit.byOrigin) console.log(`${kb(origin.transferred)} in ${String(origin.requests).padStart(3)} requests  ${origin.origin}`);
    console.log(
      `${visit.requests} requests, ${kb(visit.transferred).trim()} transferred, settled after ${ms(visit.settledMs)}; first contentful paint ${ms(visit.fcpMs)}, largest contentful paint ${ms(visit.lcpMs)}, DOM ready ${ms(visit.domReadyMs)}, load ${ms(visit.loadMs)}`,
    );
  }
} finally {
  await browser.close();
  await product?.stop();
  await upstreams?.stop();
}

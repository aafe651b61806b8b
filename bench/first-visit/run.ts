/**
 * JavaScript bytes a first visit downloads: opens each page in Chromium against the built product
 * (fixture upstreams, fresh cache) and prints every script with its raw and gzip size, then the totals.
 * Usage: node --import tsx bench/first-visit/run.ts [/path ...]   (default: /)
 */
import { gzipSync } from 'node:zlib';
import { ensureChromium } from '../../e2e/support/ensureChromium.mjs';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { startProduct } from '../../e2e/support/product.ts';
import { startUpstreams } from '../../e2e/support/upstreams.ts';

const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (paths.length === 0) paths.push('/');

ensureChromium();
const upstreams = await startUpstreams();
const product = await startProduct({ env: upstreams.env });
const browser = await launchBrowser();

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
          const sizes = await response.request().sizes().catch(() => ({ responseBodySize: body.length }));
          scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize });
        })(),
      );
    });
    await page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    scripts.sort((a, b) => b.raw - a.raw);
    console.log(`\nFirst visit to ${path}: ${scripts.length} scripts`);
    console.log(`${'raw'.padStart(11)} ${'gzip -9'.padStart(11)} ${'on the wire'.padStart(11)}  file`);
    for (const s of scripts) console.log(`${kb(s.raw)} ${kb(s.gzip)} ${kb(s.wire)}  ${s.url}`);
    const total = scripts.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, wire: t.wire + s.wire }), { raw: 0, gzip: 0, wire: 0 });
    console.log(`${kb(total.raw)} ${kb(total.gzip)} ${kb(total.wire)}  TOTAL`);
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
  await upstreams.stop();
}

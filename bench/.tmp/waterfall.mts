import { launchBrowser } from '../../e2e/support/browser.ts';
const root = process.env.TREE!;
const { startProduct } = await import(`${root}/e2e/support/product.ts`);
const { startUpstreams } = await import(`${root}/e2e/support/upstreams.ts`);
const upstreams = await startUpstreams();
const product = await startProduct({ env: upstreams.env });
const browser = await launchBrowser();
for (const path of ['/', '/', '/', '/']) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const t0 = Date.now();
  const events: string[] = [];
  page.on('request', (r) => events.push(`${Date.now() - t0} req ${new URL(r.url()).pathname}`));
  page.on('requestfinished', (r) => events.push(`${Date.now() - t0} fin ${new URL(r.url()).pathname}`));
  await page.goto(`${product.wwwUrl}${path}`, { waitUntil: 'networkidle' });
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  console.log(`FCP ${Math.round(fcp)}`);
  if (process.env.VERBOSE) console.log(events.join('\n'));
  await ctx.close();
}
await browser.close(); await product.stop(); await upstreams.stop();

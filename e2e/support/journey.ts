/**
 * What a journey file starts before its tests and stops after them: the fixture upstreams, the built product on
 * them, and Chromium. Chromium starts while the product does (neither needs the other until a page opens); when
 * one of them fails to start, what did start is stopped before the failure is thrown, so nothing is left behind.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startProduct, type ProductOptions, type RunningProduct } from './product.ts';
import { startUpstreams, type Upstreams } from './upstreams.ts';

export interface Journey {
  upstreams: Upstreams;
  product: RunningProduct;
  browser: Browser;
}

/** Stops what a journey started, the browser first (its pages talk to the product), any part of it missing. */
export async function stopJourney(journey: Partial<Journey>): Promise<void> {
  await journey.browser?.close();
  await journey.product?.stop();
  await journey.upstreams?.stop();
}

/**
 * The product's options but its upstreams, which are the fixture upstreams started here. A journey's product runs
 * every service in one process unless the journey asks for the launcher (`oneProcess: false`): what a page shows
 * is the same either way, and the launcher's six service processes each load their modules again, about 7
 * CPU-seconds per product on the cores the other journeys share (the browser stage took 154 s with the launcher
 * and 124 s without). The journeys about what crosses processes (a purge reaching the CDN, a remote delivered
 * while the site runs) keep the launcher; the launcher itself is tested by the server tests.
 */
export async function startJourney(options: Omit<ProductOptions, 'env'> = {}): Promise<Journey> {
  const upstreams = await startUpstreams();
  const [product, browser] = await Promise.allSettled([startProduct({ oneProcess: true, ...options, env: upstreams.env }), launchBrowser()]);
  if (product.status === 'fulfilled' && browser.status === 'fulfilled') return { upstreams, product: product.value, browser: browser.value };
  await stopJourney({
    upstreams,
    ...(product.status === 'fulfilled' && { product: product.value }),
    ...(browser.status === 'fulfilled' && { browser: browser.value }),
  });
  throw product.status === 'rejected' ? product.reason : (browser as PromiseRejectedResult).reason;
}

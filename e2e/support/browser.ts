/**
 * Debian's Chromium (its headless shell: support/ensureChromium.mjs) driven by playwright-core, with the flags
 * this machine needs, and a page wrapper that records console errors and failed requests so a test can assert a
 * page loaded cleanly.
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { chromiumPath } from './ensureChromium.mjs';

/** `allowPorts`: ports Chromium refuses by default (6000, X11's, among them) that the pages to open use. */
export async function launchBrowser(options: { allowPorts?: number[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Scrolls land at once instead of animating: a journey checks where a page lands, not the animation, and a
      // smoothly scrolling page keeps a control moving, which a click waits out (about a second per page of the
      // search pager, whose every answer scrolls the results back into view).
      '--disable-smooth-scrolling',
      ...(options.allowPorts?.length ? [`--explicitly-allowed-ports=${options.allowPorts.join(',')}`] : []),
    ],
  });
}

export interface WatchedPage {
  page: Page;
  consoleErrors: string[];
  failedRequests: string[];
  /** Forget what was recorded so far (e.g. after a deliberate failure). */
  reset(): void;
}

/** A page in a context of its own (`options`: its viewport, for one), watched from its first request. */
export async function openWatchedPage(browser: Browser, options?: BrowserContextOptions): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const watched: WatchedPage = {
    page,
    consoleErrors: [],
    failedRequests: [],
    reset() {
      watched.consoleErrors.length = 0;
      watched.failedRequests.length = 0;
    },
  };
  page.on('console', (message) => {
    // A failed resource's message names no address; its location does (the remote's manifest, a script).
    if (message.type() === 'error') watched.consoleErrors.push(`${message.text()} [${message.location().url}] (${page.url()})`);
  });
  page.on('pageerror', (error) => watched.consoleErrors.push(`uncaught: ${error.message} (${page.url()})`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // Cancelled, not failed: the page navigated away (or the site aborted a fetch it no longer needs) while the
    // request was in flight, as when a journey moves on before a link prefetched in view has arrived.
    if (reason === 'net::ERR_ABORTED') return;
    watched.failedRequests.push(`${request.method()} ${request.url()}: ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) watched.failedRequests.push(`${response.request().method()} ${response.url()}: HTTP ${response.status()}`);
  });
  return watched;
}

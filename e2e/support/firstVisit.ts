/**
 * What a first visit to a page costs, measured in Chromium with a cold cache: every script with its size as
 * served, compressed with gzip -9 and on the wire; every request's bytes on the wire, whatever its origin (the
 * Chrome DevTools Protocol's encoded lengths: resource timing reports no size for another origin's answer
 * without `Timing-Allow-Origin`); the time until the page settled (its last request finished, nothing more asked
 * for in the half second after); paints and load. Read by the first-visit benchmark and the budgets journey.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface ScriptCost {
  /** Path of the script's address. */
  url: string;
  raw: number;
  gzip: number;
  wire: number;
}

export interface FirstVisit {
  scripts: ScriptCost[];
  /** Sums over `scripts`. */
  scriptTotal: { raw: number; gzip: number; wire: number };
  /** Every request the page made, headers included, as received (compressed where the answer was). */
  transferred: number;
  /** Bytes on the wire per origin, largest first. */
  byOrigin: Array<{ origin: string; requests: number; transferred: number }>;
  requests: number;
  /** From the navigation's start to the end of its last request. */
  settledMs: number;
  fcpMs: number;
  lcpMs: number;
  domReadyMs: number;
  loadMs: number;
}

interface RequestRecord {
  url: string;
  type: string;
  transferred: number;
  end: number;
}

/** Opens `url` in a fresh context of `browser` (an empty cache) and measures the visit until the network is idle. */
export async function measureFirstVisit(browser: Browser, url: string): Promise<FirstVisit> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map<string, RequestRecord>();
    let started = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (started === 0) started = event.timestamp;
      requests.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', transferred: 0, end: event.timestamp });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const record = requests.get(event.requestId);
      if (record) Object.assign(record, { transferred: event.encodedDataLength, end: event.timestamp });
    });
    cdp.on('Network.loadingFailed', (event) => {
      const record = requests.get(event.requestId);
      if (record) record.end = event.timestamp;
    });

    const scripts: ScriptCost[] = [];
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
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const timing = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number; domReady: number; load: number }>((resolve) => {
          let lcp = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
            resolve({
              fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
              lcp,
              domReady: nav?.domContentLoadedEventEnd ?? 0,
              load: nav?.loadEventEnd ?? 0,
            });
          }, 100);
        }),
    );
    scripts.sort((a, b) => b.raw - a.raw);
    const records = [...requests.values()];
    const origins = new Map<string, { requests: number; transferred: number }>();
    for (const record of records) {
      const origin = /^https?:/.test(record.url) ? new URL(record.url).origin : record.url.split(':')[0]!;
      const entry = origins.get(origin) ?? { requests: 0, transferred: 0 };
      entry.requests++;
      entry.transferred += record.transferred;
      origins.set(origin, entry);
    }
    return {
      scripts,
      scriptTotal: scripts.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, wire: t.wire + s.wire }), { raw: 0, gzip: 0, wire: 0 }),
      transferred: records.reduce((t, r) => t + r.transferred, 0),
      byOrigin: [...origins].map(([origin, entry]) => ({ origin, ...entry })).sort((a, b) => b.transferred - a.transferred),
      requests: records.length,
      // CDP's timestamps are seconds.
      settledMs: records.length ? (Math.max(...records.map((r) => r.end)) - started) * 1000 : 0,
      fcpMs: timing.fcp,
      lcpMs: timing.lcp,
      domReadyMs: timing.domReady,
      loadMs: timing.load,
    };
  } finally {
    await context.close();
  }
}

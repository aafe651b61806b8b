/**
 * The module CDN benchmark: each service's module URL of a package is imported in its own
 * hidden, sandboxed frame (an opaque origin: nothing it loads runs with our origin's rights), one service
 * after another, and the frame reports how long the import took and how many requests it made. The frame
 * is the site's benchmark document, told what to import in its address's fragment.
 */
import { benchmarkFrameUrl } from '@skylift/shared/esm';

export interface BenchmarkTarget {
  name: string;
  url: string;
}

export interface BenchmarkResult {
  name: string;
  /** Milliseconds from the start of the import to the module being ready. */
  duration: number | null;
  requests: number | null;
  /** Set when the import failed or timed out. */
  error: string | null;
}

export const BENCHMARK_TIMEOUT_MS = 30_000;

/** Loads one target in a frame appended to `host`; never rejects. */
export function measure(host: HTMLElement, target: BenchmarkTarget, timeoutMs = BENCHMARK_TIMEOUT_MS): Promise<BenchmarkResult> {
  return new Promise((resolve) => {
    const token = `${target.name}-${Math.random().toString(36).slice(2)}`;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.title = `Benchmark of ${target.name}`;
    frame.style.display = 'none';
    const finish = (result: BenchmarkResult): void => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      resolve(result);
    };
    const onMessage = (event: MessageEvent): void => {
      const data = event.data as { token?: unknown; duration?: unknown; requests?: unknown; error?: unknown } | null;
      if (event.source !== frame.contentWindow || !data || data.token !== token) return;
      if (typeof data.duration === 'number') {
        finish({ name: target.name, duration: Math.round(data.duration), requests: typeof data.requests === 'number' ? data.requests : null, error: null });
      } else {
        finish({ name: target.name, duration: null, requests: null, error: typeof data.error === 'string' ? data.error : 'failed' });
      }
    };
    const timer = setTimeout(() => finish({ name: target.name, duration: null, requests: null, error: 'timed out' }), timeoutMs);
    window.addEventListener('message', onMessage);
    // A document of the site with a policy of its own (shared/src/esm/benchmarkFrame.ts): the page's policy
    // allows no module from other CDNs, nor any package of ours but the home page's demo.
    frame.src = benchmarkFrameUrl(target.url, token);
    host.appendChild(frame);
  });
}

/** Measures every target in turn (in parallel they would compete for the same connection). */
export async function runBenchmark(
  host: HTMLElement,
  targets: readonly BenchmarkTarget[],
  onResult?: (result: BenchmarkResult) => void,
): Promise<BenchmarkResult[]> {
  const results: BenchmarkResult[] = [];
  for (const target of targets) {
    const result = await measure(host, target);
    results.push(result);
    onResult?.(result);
  }
  return results;
}

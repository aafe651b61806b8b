/**
 * The esm.run benchmark's frame: a document of the website's own (`BENCHMARK_FRAME_PATH`) that imports one
 * module URL, counts the requests it made and reports to the page. It is the one document of the site whose
 * policy lets scripts come from every package of our CDN and from the other module CDNs the benchmark
 * compares; the site's pages allow neither. It runs one fixed script, allowed by its SHA-256 hash (the web
 * server hashes this constant, server/src/www/http/benchmarkFrame.ts), and takes what to import from its
 * address's fragment, which no server sees and no browser runs. No browser types here: the server imports
 * this module too.
 */

/** Where the web server serves the frame, with a policy of its own. */
export const BENCHMARK_FRAME_PATH = '/frames/esm-benchmark';

export const BENCHMARK_FRAME_SCRIPT = `
const { url, token } = JSON.parse(decodeURIComponent(location.hash.slice(1)));
const start = performance.now();
try {
  await import(url);
  const duration = performance.now() - start;
  parent.postMessage({ token, duration, requests: performance.getEntriesByType('resource').length }, '*');
} catch (error) {
  parent.postMessage({ token, error: String(error && error.message || error) }, '*');
}
`;

/** The frame's whole document: the same for every target. */
export const BENCHMARK_FRAME_DOCUMENT = `<!doctype html><meta charset="utf-8"><title>Module benchmark</title><script type="module">${BENCHMARK_FRAME_SCRIPT}</script>`;

/** The frame's address for one target: the target and the token that marks its report, in the fragment. */
export function benchmarkFrameUrl(url: string, token: string): string {
  return `${BENCHMARK_FRAME_PATH}#${encodeURIComponent(JSON.stringify({ url, token }))}`;
}

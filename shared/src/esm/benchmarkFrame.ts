/**
 * The one script a benchmark frame runs. Its text never changes (what to import comes in the frame's data
 * block, which browsers never run), so the website's Content-Security-Policy allows exactly this script by
 * its SHA-256 hash instead of allowing every inline script: the web server hashes this constant
 * (server/src/www/http/contentSecurityPolicy.ts). Any change to the text is picked up there on the next start.
 * No browser types here: the server imports this module too.
 */

/** The id of the frame's `<script type="application/json">` holding `{ url, token }`. */
export const BENCHMARK_DATA_ID = 'benchmark-target';

export const BENCHMARK_FRAME_SCRIPT = `
const { url, token } = JSON.parse(document.getElementById(${JSON.stringify(BENCHMARK_DATA_ID)}).textContent);
const start = performance.now();
try {
  await import(url);
  const duration = performance.now() - start;
  parent.postMessage({ token, duration, requests: performance.getEntriesByType('resource').length }, '*');
} catch (error) {
  parent.postMessage({ token, error: String(error && error.message || error) }, '*');
}
`;

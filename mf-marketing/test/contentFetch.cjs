// Every test starts with a fetch that serves content/ from disk at http://content.test/, passes requests
// to fixture servers on loopback through, and refuses anything else; a test may replace it with its own mock.
const fs = require('node:fs');
const path = require('node:path');

const CONTENT_DIR = path.join(__dirname, '..', 'content');
const PREFIX = 'http://content.test/';

/** The part of a fetch Response the code under test reads (jsdom has no Response). */
function textResponse(text, status, headers = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name) => lower[name.toLowerCase()] ?? null },
    text: async () => text,
    json: async () => JSON.parse(text),
  };
}

// Node's own fetch (jest's node environment has it; jsdom has none), for fixture servers on loopback.
const loopbackFetch = typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : null;

function contentFetch(input, init) {
  const url = String(typeof input === 'object' && input !== null && 'url' in input ? input.url : input);
  if (loopbackFetch && url.startsWith('http://127.0.0.1:')) return loopbackFetch(input, init);
  if (!url.startsWith(PREFIX)) return Promise.reject(new TypeError(`No network in tests: ${url}`));
  const file = path.join(CONTENT_DIR, decodeURIComponent(url.slice(PREFIX.length)));
  if (!file.startsWith(CONTENT_DIR) || !fs.existsSync(file)) return Promise.resolve(textResponse('Not found', 404));
  return Promise.resolve(textResponse(fs.readFileSync(file, 'utf8'), 200));
}

beforeEach(() => {
  globalThis.fetch = jest.fn(contentFetch);
});

/**
 * Adds answers for other addresses: `routes` maps a URL prefix to a JSON body, or to
 * `{ status, body, headers }`; content files keep being served.
 */
globalThis.mockFetchRoutes = (routes) => {
  globalThis.fetch = jest.fn((input, init) => {
    const url = String(typeof input === 'object' && input !== null && 'url' in input ? input.url : input);
    const match = Object.keys(routes)
      .filter((prefix) => url.startsWith(prefix))
      .sort((a, b) => b.length - a.length)[0];
    if (match === undefined) return contentFetch(input, init);
    const route = typeof routes[match] === 'function' ? routes[match](url, init) : routes[match];
    const full = route && typeof route === 'object' && 'body' in route ? route : { status: 200, body: route };
    return Promise.resolve(textResponse(JSON.stringify(full.body), full.status ?? 200, full.headers ?? {}));
  });
  return globalThis.fetch;
};

// echarts is never drawn in jsdom: the world map stays at its loading state in every test.
beforeEach(() => require('@skylift/shared/testing').provideWorldMap(new Promise(() => {})));

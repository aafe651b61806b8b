/**
 * A stand-in for `fetch` in jsdom tests (jsdom has no Response): answers by URL from a table, records
 * every call, and opens no socket.
 */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeRoute = FakeAnswer | ((url: string, init?: RequestInit) => FakeAnswer | Promise<FakeAnswer>);

export function fakeResponse({ status = 200, body = null, headers = {} }: FakeAnswer): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

/**
 * Installs a fake fetch answering from `routes`, matched by the URL's beginning (longest first); an
 * unknown URL is a network failure, as a test must never reach further than its table.
 */
export function installFakeFetch(routes: Record<string, FakeRoute>): jest.Mock {
  const prefixes = Object.keys(routes).sort((a, b) => b.length - a.length);
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const prefix = prefixes.find((candidate) => url.startsWith(candidate));
    if (prefix === undefined) throw new TypeError(`Failed to fetch ${url}`);
    const route = routes[prefix]!;
    return fakeResponse(typeof route === 'function' ? await route(url, init) : route);
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

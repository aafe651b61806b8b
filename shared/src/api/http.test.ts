/**
 * @jest-environment node
 */
import { startFixtureServer, type FixtureServer } from '../testing/fixtureServer';
import { clearHttpCache, describeFailure, getJson, getJsonPage } from './http';

let server: FixtureServer;

beforeEach(() => clearHttpCache());
afterEach(async () => {
  await server?.close();
});

describe('getJson', () => {
  it('resolves with the parsed body of a 2xx answer', async () => {
    server = await startFixtureServer({ '/ok': { body: { hello: 'world' } }, '/created': { status: 201, body: [1, 2] } });
    await expect(getJson(`${server.url}/ok`)).resolves.toEqual({ hello: 'world' });
    await expect(getJson(`${server.url}/created`)).resolves.toEqual([1, 2]);
  });

  it('rejects with the parsed body of an error answer', async () => {
    server = await startFixtureServer({ '/missing': { status: 404, body: { status: 404, message: "Couldn't find the package." } } });
    await expect(getJson(`${server.url}/missing`)).rejects.toEqual({ status: 404, message: "Couldn't find the package." });
  });

  it('rejects with the status when asked to', async () => {
    server = await startFixtureServer({ '/missing': { status: 404, body: { status: 404, message: 'Not found.' } } });
    await expect(getJson(`${server.url}/missing`, { rejectWithStatus: true })).rejects.toBe(404);
  });

  it('rejects with the text of an error answer that is not JSON', async () => {
    server = await startFixtureServer({ '/bad-gateway': { status: 502, rawBody: 'Bad gateway' } });
    await expect(getJson(`${server.url}/bad-gateway`)).rejects.toBe('Bad gateway');
  });

  it('answers a repeated call for the same URL from memory', async () => {
    server = await startFixtureServer({ '/v1/stats/periods': { body: [{ period: '2026-10' }] } });
    const first = await getJson(`${server.url}/v1/stats/periods`);
    const second = await getJson(`${server.url}/v1/stats/periods`);
    expect(second).toEqual(first);
    expect(server.countOf('/v1/stats/periods')).toBe(1);
  });

  it('keys the cache by full URL, query included', async () => {
    server = await startFixtureServer({ '/v1/stats/network': (request) => ({ body: { url: request.url } }) });
    await expect(getJson(`${server.url}/v1/stats/network?period=month`)).resolves.toEqual({ url: '/v1/stats/network?period=month' });
    await expect(getJson(`${server.url}/v1/stats/network?period=year`)).resolves.toEqual({ url: '/v1/stats/network?period=year' });
    expect(server.requests).toHaveLength(2);
  });

  it('lets concurrent calls for one URL share one request', async () => {
    server = await startFixtureServer({ '/slow': { body: { n: 1 }, held: true } });
    const calls = [getJson(`${server.url}/slow`), getJson(`${server.url}/slow`), getJson(`${server.url}/slow`, { rejectWithStatus: true })];
    await waitFor(() => server.requests.length === 1);
    server.release();
    await expect(Promise.all(calls)).resolves.toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    expect(server.countOf('/slow')).toBe(1);
  });

  it('does not cache failures: the next call asks again', async () => {
    server = await startFixtureServer({
      '/flaky': (_request, count) => (count === 1 ? { status: 503, body: { status: 503, message: 'Try again.' } } : { body: { ok: true } }),
    });
    await expect(getJson(`${server.url}/flaky`)).rejects.toEqual({ status: 503, message: 'Try again.' });
    await expect(getJson(`${server.url}/flaky`)).resolves.toEqual({ ok: true });
    await expect(getJson(`${server.url}/flaky`)).resolves.toEqual({ ok: true });
    expect(server.countOf('/flaky')).toBe(2);
  });

  it('rejects when a success answer is not JSON, and does not cache it', async () => {
    server = await startFixtureServer({ '/html': { rawBody: '<html></html>', headers: { 'content-type': 'text/html' } } });
    await expect(getJson(`${server.url}/html`)).rejects.toThrow('is not valid JSON');
    await expect(getJson(`${server.url}/html`)).rejects.toThrow('is not valid JSON');
    expect(server.countOf('/html')).toBe(2);
  });

  it('rejects with the network error when the server cannot be reached', async () => {
    server = await startFixtureServer({});
    const url = server.url;
    await server.close();
    await expect(getJson(`${url}/anything`)).rejects.toMatchObject({ name: 'TypeError' });
  });
});

describe('getJsonPage', () => {
  it('reads the x-total-count and x-total-pages headers', async () => {
    server = await startFixtureServer({
      '/v1/stats/packages': { body: [{ name: 'a' }, { name: 'b' }], headers: { 'x-total-count': '42', 'x-total-pages': '21' } },
    });
    await expect(getJsonPage(`${server.url}/v1/stats/packages`)).resolves.toEqual({ items: [{ name: 'a' }, { name: 'b' }], totalCount: 42, totalPages: 21 });
  });

  it('keeps the headers for answers served from memory', async () => {
    server = await startFixtureServer({ '/list': { body: [1], headers: { 'x-total-count': '7', 'x-total-pages': '7' } } });
    await getJsonPage(`${server.url}/list`);
    await expect(getJsonPage(`${server.url}/list`)).resolves.toEqual({ items: [1], totalCount: 7, totalPages: 7 });
    expect(server.requests).toHaveLength(1);
  });

  it('falls back to the page itself when the headers are missing', async () => {
    server = await startFixtureServer({ '/list': { body: [1, 2, 3] }, '/empty': { body: [] } });
    await expect(getJsonPage(`${server.url}/list`)).resolves.toEqual({ items: [1, 2, 3], totalCount: 3, totalPages: 1 });
    await expect(getJsonPage(`${server.url}/empty`)).resolves.toEqual({ items: [], totalCount: 0, totalPages: 0 });
  });
});

describe('describeFailure', () => {
  it('turns whatever a request rejected with into a sentence', () => {
    expect(describeFailure({ status: 403, message: 'Package size exceeded the configured limit of 50 MB.' })).toBe(
      'Package size exceeded the configured limit of 50 MB.',
    );
    expect(describeFailure(500)).toBe('The server answered with status 500.');
    expect(describeFailure(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(describeFailure('Bad gateway')).toBe('Bad gateway');
    expect(describeFailure(undefined)).toBe('The request failed.');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

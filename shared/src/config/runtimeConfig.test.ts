/**
 * @jest-environment node
 */
import { startFixtureServer, type FixtureServer } from '../testing/fixtureServer';
import { testRuntimeConfig } from '../testing/runtimeConfigFixture';
import { getRuntimeConfig, loadRuntimeConfig, parseRuntimeConfig, resetRuntimeConfig, runtimeConfig$, RuntimeConfigError } from './runtimeConfig';

let server: FixtureServer | undefined;

beforeEach(() => resetRuntimeConfig());
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('getRuntimeConfig', () => {
  it('throws a clear error before the configuration is loaded', () => {
    expect(() => getRuntimeConfig()).toThrow(RuntimeConfigError);
    expect(() => getRuntimeConfig()).toThrow(/not loaded yet.*loadRuntimeConfig\(\)/);
  });
});

describe('loadRuntimeConfig', () => {
  it('fetches, validates and publishes the configuration', async () => {
    const config = testRuntimeConfig('http://127.0.0.1:4002');
    server = await startFixtureServer({ '/config.json': { body: config } });
    const seen: unknown[] = [];
    const subscription = runtimeConfig$.subscribe((value) => seen.push(value));

    await expect(loadRuntimeConfig(`${server.url}/config.json`)).resolves.toEqual(config);

    expect(getRuntimeConfig()).toEqual(config);
    expect(seen).toEqual([null, config]);
    subscription.unsubscribe();
  });

  it('fetches only once, however often it is called', async () => {
    server = await startFixtureServer({ '/config.json': { body: testRuntimeConfig(), held: true } });
    const first = loadRuntimeConfig(`${server.url}/config.json`);
    const second = loadRuntimeConfig(`${server.url}/config.json`);
    await waitFor(() => server!.requests.length === 1);
    server.release();
    await Promise.all([first, second]);
    await loadRuntimeConfig(`${server.url}/config.json`);
    expect(server.countOf('/config.json')).toBe(1);
  });

  it('rejects with the field at fault when the shape is wrong, and publishes nothing', async () => {
    const broken = { ...testRuntimeConfig(), search: { appId: 'app', apiKey: 'key', indexName: 'npm' } };
    server = await startFixtureServer({ '/config.json': { body: broken } });
    await expect(loadRuntimeConfig(`${server.url}/config.json`)).rejects.toThrow('The runtime configuration has no string "search.hostUrl".');
    expect(runtimeConfig$.getValue()).toBeNull();
  });

  it('rejects on an error status and lets a later call retry', async () => {
    server = await startFixtureServer({
      '/config.json': (_request, count) => (count === 1 ? { status: 503, body: { status: 503, message: 'Starting.' } } : { body: testRuntimeConfig() }),
    });
    await expect(loadRuntimeConfig(`${server.url}/config.json`)).rejects.toThrow('HTTP 503');
    await expect(loadRuntimeConfig(`${server.url}/config.json`)).resolves.toEqual(testRuntimeConfig());
  });

  it('rejects when the answer is not JSON', async () => {
    server = await startFixtureServer({ '/config.json': { rawBody: '<!doctype html>' } });
    await expect(loadRuntimeConfig(`${server.url}/config.json`)).rejects.toThrow('is not valid JSON');
  });
});

describe('parseRuntimeConfig', () => {
  it('keeps only the known fields', () => {
    const parsed = parseRuntimeConfig({ ...testRuntimeConfig(), secret: 'x', search: { ...testRuntimeConfig().search, adminKey: 'y' } });
    expect(parsed).toEqual(testRuntimeConfig());
  });

  it('rejects values that are not objects', () => {
    expect(() => parseRuntimeConfig(null)).toThrow('The runtime configuration is not a JSON object.');
    expect(() => parseRuntimeConfig([])).toThrow('The runtime configuration is not a JSON object.');
    expect(() => parseRuntimeConfig({ ...testRuntimeConfig(), cdnUrl: 5 })).toThrow('The runtime configuration has no string "cdnUrl".');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

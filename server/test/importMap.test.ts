/**
 * The import map generator of the data API (`GET /v1/importmap`) over the real CDN app: its modules are asked
 * of the CDN through `inject`, so the integrity of each URL is checked against the bytes the CDN itself
 * answers there. Fixture packages published at start: a react-dom-like `mini-react-dom` whose client imports
 * the shipped react-like `mini-react` (18.2.0, 18.3.1, 19.0.0) through a peer range, and a lit-like `mini-lit`
 * importing its own `mini-lit-html`, and the react, react-dom and lit fixtures shaped like the published packages.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config/config.ts';
import { buildCdnApp } from '../src/cdn/app.ts';
import { testConfig } from '../src/cdn/testing/testApp.ts';
import { buildDataApp } from '../src/data/app.ts';
import { ContractCheck } from '../src/data/testing/conformance.ts';
import { createPackageStore, type ClosablePackageStore } from '../src/packages/index.ts';
import { moduleLoader } from '../src/cdn/esm/testing/importBuilt.ts';
import { startFixtureRegistry, type FixtureRegistry } from './fixtures/upstream/index.ts';

const CDN = 'http://cdn.test';
const contract = new ContractCheck();
let registry: FixtureRegistry;
let config: Config;
let store: ClosablePackageStore;
let cdn: FastifyInstance;
let data: FastifyInstance;
const cdnPaths: string[] = [];

interface Answer {
  packages: { spec: string; name: string; version: string; subpath: string; specifier: string; url: string }[];
  importMap: { imports: Record<string, string>; scopes?: Record<string, Record<string, string>>; integrity: Record<string, string> };
  preload: { url: string; integrity: string }[];
  html: string;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await data.inject({ url, headers });
  contract.check({ method: 'GET', url, statusCode: response.statusCode, headers: response.headers, body: response.body });
  return response;
}

const importMapOf = async (packages: string) => {
  const response = await get(`/v1/importmap?packages=${encodeURIComponent(packages)}`);
  assert.equal(response.statusCode, 200, response.body);
  return { response, answer: response.json<Answer>() };
};

/** What the CDN serves at a full URL of the map, hashed as a browser checks it. */
async function servedIntegrity(url: string): Promise<string> {
  assert.ok(url.startsWith(`${CDN}/npm/`), url);
  const served = await cdn.inject(url.slice(CDN.length));
  assert.equal(served.statusCode, 200, url);
  return `sha384-${crypto.createHash('sha384').update(served.rawPayload).digest('base64')}`;
}

before(async () => {
  registry = await startFixtureRegistry();
  registry.publish('mini-react-dom', '18.2.0', {
    'package.json': JSON.stringify({
      name: 'mini-react-dom',
      version: '18.2.0',
      type: 'module',
      main: 'index.js',
      peerDependencies: { 'mini-react': '^18.0.0' },
      exports: { '.': './index.js', './client': './client.js' },
    }),
    'index.js': "export const version = '18.2.0';\n",
    'client.js':
      "import { createElement } from 'mini-react';\nexport function createRoot(node) { return { render: (type) => createElement(type, {}), node }; }\n",
  });
  registry.publish('mini-lit-html', '3.1.0', {
    'package.json': JSON.stringify({ name: 'mini-lit-html', version: '3.1.0', type: 'module', main: 'index.js' }),
    'index.js': 'export const html = (strings) => strings.join("");\n',
  });
  registry.publish('mini-lit', '3.1.0', {
    'package.json': JSON.stringify({ name: 'mini-lit', version: '3.1.0', type: 'module', main: 'index.js', dependencies: { 'mini-lit-html': '^3.1.0' } }),
    'index.js': "export { html } from 'mini-lit-html';\nexport class LitElement {}\n",
  });
  config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CDN_URL: CDN, SKYLIFT_DATA_URL: 'http://data.test' });
  store = await createPackageStore(config);
  cdn = await buildCdnApp(config, { store, requestLog: false });
  data = await buildDataApp(config, {
    store,
    ingestIntervalMs: false,
    cdnFetch: async (path) => {
      cdnPaths.push(path);
      const answer = await cdn.inject({ url: path, headers: { 'accept-encoding': 'identity' } });
      return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
    },
  });
});
after(async () => {
  await data?.close();
  await cdn?.close();
  await store?.close();
  await registry?.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

/** A shared chunk's URL with its content hash as `{chunk}`, so a test names it whatever its bytes. */
const chunkNamed = (url: string): string => url.replace(/\/\+esm-chunks\/[A-Za-z0-9_-]+\.js\//, '/+esm-chunks/{chunk}.js/');

describe('GET /v1/importmap', () => {
  it('maps each spec to the pinned +esm URL of an exact version, shares one version of a dependency, and hashes the bytes the CDN serves', async () => {
    const { response, answer } = await importMapOf('mini-react@18, mini-react-dom@18/client\nmini-lit');
    assert.deepEqual(answer.importMap.imports, {
      'mini-react': `${CDN}/npm/mini-react@18.3.1/+esm/b1`,
      'mini-react-dom/client': `${CDN}/npm/mini-react-dom@18.2.0/client/+esm/b1`,
      'mini-lit': `${CDN}/npm/mini-lit@3.1.0/+esm/b1`,
    });
    assert.equal(answer.importMap.scopes, undefined, 'no versions conflict');
    assert.deepEqual(
      answer.packages.map((p) => [p.spec, p.version, p.specifier]),
      [
        ['mini-react@18', '18.3.1', 'mini-react'],
        ['mini-react-dom@18/client', '18.2.0', 'mini-react-dom/client'],
        ['mini-lit', '3.1.0', 'mini-lit'],
      ],
    );
    const urls = Object.keys(answer.importMap.integrity).sort();
    // mini-react-dom/client imports the module it shares with mini-react-dom's main entry: a chunk of that version.
    assert.deepEqual(urls.map(chunkNamed), [
      `${CDN}/npm/mini-lit-html@3.1.0/+esm/b1`,
      `${CDN}/npm/mini-lit@3.1.0/+esm/b1`,
      `${CDN}/npm/mini-react-dom@18.2.0/+esm-chunks/{chunk}.js/+esm/b1`,
      `${CDN}/npm/mini-react-dom@18.2.0/client/+esm/b1`,
      `${CDN}/npm/mini-react@18.3.1/+esm/b1`,
    ]);
    for (const url of urls) assert.equal(answer.importMap.integrity[url], await servedIntegrity(url), url);
    assert.ok(answer.html.startsWith('<script type="importmap">\n'), answer.html);
    const mapText = /<script type="importmap">\n([\s\S]*)\n<\/script>/.exec(answer.html)?.[1];
    assert.deepEqual(JSON.parse(mapText!), answer.importMap);
    for (const url of urls)
      assert.ok(answer.html.includes(`<link rel="modulepreload" href="${url}" integrity="${answer.importMap.integrity[url]}" crossorigin="anonymous">`), url);
    assert.equal(response.headers['cache-control'], 'public, max-age=300', 'ranges resolve anew as versions are published');
    assert.equal(response.headers['access-control-allow-origin'], '*');
  });

  it('redirects a dependency import to the version asked for when the importer accepts it, and keeps versions apart when not', async () => {
    const shared = await importMapOf('mini-react@18.2.0,mini-react-dom@18.2.0/client');
    assert.deepEqual(shared.answer.importMap.imports, {
      'mini-react': `${CDN}/npm/mini-react@18.2.0/+esm/b1`,
      'mini-react-dom/client': `${CDN}/npm/mini-react-dom@18.2.0/client/+esm/b1`,
      // mini-react-dom's build imports the newest 18 its range allows; its range accepts the version asked for.
      [`${CDN}/npm/mini-react@18.3.1/+esm/b1`]: `${CDN}/npm/mini-react@18.2.0/+esm/b1`,
    });
    assert.deepEqual(Object.keys(shared.answer.importMap.integrity).sort().map(chunkNamed), [
      `${CDN}/npm/mini-react-dom@18.2.0/+esm-chunks/{chunk}.js/+esm/b1`,
      `${CDN}/npm/mini-react-dom@18.2.0/client/+esm/b1`,
      `${CDN}/npm/mini-react@18.2.0/+esm/b1`,
    ]);
    assert.equal(shared.response.headers['cache-control'], 'public, max-age=31536000, immutable', 'exact versions only');

    const apart = await importMapOf('mini-react@19.0.0,mini-react-dom@18.2.0/client');
    assert.deepEqual(apart.answer.importMap.imports, {
      'mini-react': `${CDN}/npm/mini-react@19.0.0/+esm/b1`,
      'mini-react-dom/client': `${CDN}/npm/mini-react-dom@18.2.0/client/+esm/b1`,
    });
    assert.ok(apart.answer.importMap.integrity[`${CDN}/npm/mini-react@18.3.1/+esm/b1`], 'the 18 mini-react-dom needs is loaded beside 19');
  });

  it('takes build options per package: react@18?dev maps React to its development build, and the page loads it', async () => {
    const { answer } = await importMapOf('react@18?dev, react-dom@18/client?dev mini-lit');
    assert.deepEqual(answer.importMap.imports, {
      react: `${CDN}/npm/react@18.3.1/+esm/b1?dev`,
      'react-dom/client': `${CDN}/npm/react-dom@18.3.1/client/+esm/b1?dev`,
      'mini-lit': `${CDN}/npm/mini-lit@3.1.0/+esm/b1`,
    });
    assert.deepEqual(
      answer.packages.map((p) => p.spec),
      ['react@18?dev', 'react-dom@18/client?dev', 'mini-lit'],
    );
    for (const url of Object.keys(answer.importMap.integrity)) assert.equal(answer.importMap.integrity[url], await servedIntegrity(url), url);
    // The development build's whole graph is of development builds: react-dom's own import of React too.
    assert.ok(answer.importMap.integrity[`${CDN}/npm/react-dom@18.3.1/+esm/b1?dev`]);
    assert.deepEqual(
      Object.keys(answer.importMap.integrity).filter((url) => url.includes('/react')),
      Object.keys(answer.importMap.integrity).filter((url) => url.includes('/react') && url.endsWith('?dev')),
    );
    const loader = await moduleLoader(cdn);
    try {
      const react = await loader.import(answer.importMap.imports['react']!.slice(CDN.length));
      const internals = react['__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED'] as Record<string, unknown>;
      assert.ok(internals['ReactDebugCurrentFrame'], "React's development build: its debugging internals are there");
      const production = await loader.import((await importMapOf('react@18')).answer.importMap.imports['react']!.slice(CDN.length));
      assert.equal((production['__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED'] as Record<string, unknown>)['ReactDebugCurrentFrame'], undefined);
    } finally {
      await loader.close();
    }
  });

  it('passes a target and pinned dependencies on, and refuses a bad option naming it', async () => {
    const { answer } = await importMapOf('mini-react-dom@18.2.0/client?target=es2020&deps=mini-react@18.2.0,mini-lit@3.1.0');
    assert.equal(
      answer.importMap.imports['mini-react-dom/client'],
      `${CDN}/npm/mini-react-dom@18.2.0/client/+esm/b1?deps=mini-lit@3.1.0,mini-react@18.2.0&target=es2020`,
    );
    assert.ok(
      answer.importMap.integrity[`${CDN}/npm/mini-react@18.2.0/+esm/b1?deps=mini-lit@3.1.0,mini-react@18.2.0&target=es2020`],
      Object.keys(answer.importMap.integrity).join(', '),
    );
    const bad = await get(`/v1/importmap?packages=${encodeURIComponent('mini-lit?target=es1999')}`);
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json<{ message: string }>().message, /^mini-lit\?target=es1999: Unknown \+esm target "es1999"/);
    const ignored = await importMapOf('mini-lit?v=1');
    assert.equal(ignored.answer.importMap.imports['mini-lit'], `${CDN}/npm/mini-lit@3.1.0/+esm/b1`, 'a parameter that is no option is ignored');
  });

  it('answers 304 to a revalidation with the ETag', async () => {
    const { response } = await importMapOf('mini-lit@3.1.0');
    const etag = response.headers['etag'];
    assert.ok(typeof etag === 'string');
    const again = await get('/v1/importmap?packages=mini-lit@3.1.0', { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
  });

  it('refuses bad, unknown and too many specs with a JSON error naming the problem', async () => {
    const cases: [string, number, RegExp][] = [
      ['no-such-package-here', 404, /no-such-package-here/],
      ['mini-lit@9', 404, /mini-lit/],
      ['mini-react-dom@18.2.0/nowhere', 404, /nowhere/],
      ['.hidden', 400, /period/],
      ['mini-lit@>>>', 400, /range, version or tag/],
      ['mini-lit/../x', 400, /subpath/],
      [' , ', 400, /at least one package/],
      [Array.from({ length: 21 }, (_, i) => `p${i}`).join(','), 400, /at most 20 packages/],
    ];
    for (const [packages, status, message] of cases) {
      const response = await get(`/v1/importmap?packages=${encodeURIComponent(packages)}`);
      assert.equal(response.statusCode, status, `${packages}: ${response.body}`);
      const body = response.json<{ status: number; message: string }>();
      assert.equal(body.status, status);
      assert.match(body.message, message, packages);
      assert.equal(response.headers['cache-control'], 'no-cache, no-store, must-revalidate');
    }
    const missing = await get('/v1/importmap');
    assert.equal(missing.statusCode, 400);
  });
});

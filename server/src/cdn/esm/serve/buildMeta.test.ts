/**
 * `?meta` and the two URLs of a build through the real CDN app, package layer and fixture registry (react,
 * react-dom and lit shaped like the published ones): the pinned URL `?meta` names is the one whose bytes hash
 * to its integrity, the modules it imports are pinned too, and the convenient URL re-exports it and says not to
 * put integrity on itself.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startEsmApp, withoutBanner, type EsmApp } from '../testing/esmApp.ts';
import type { BuildMetaAnswer } from './buildMeta.ts';

const CDN = 'http://cdn.test';
const IMMUTABLE = 'public, max-age=31536000, s-maxage=31536000, immutable';
const ALIAS = 'public, max-age=604800, s-maxage=43200';
const PINNED = /^http:\/\/cdn\.test\/npm\/(?:@[^/]+\/)?[^/@]+@\d+\.\d+\.\d+(?:\/[^?]*)?\/\+esm\/b1(?:\?.*)?$/;

let esm: EsmApp;
let app: FastifyInstance;

before(async () => {
  esm = await startEsmApp();
  app = esm.app;
});
after(() => esm.close());

async function meta(url: string): Promise<BuildMetaAnswer> {
  const res = await app.inject(url);
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  return res.json<BuildMetaAnswer>();
}

function sha384(body: Buffer): string {
  return `sha384-${crypto.createHash('sha384').update(body).digest('base64')}`;
}

test('?meta of react-dom@18.3.1/client names a pinned URL whose SHA-384 is its integrity, and the pinned URLs of what it imports', async () => {
  const described = await meta('/npm/react-dom@18.3.1/client/+esm?meta');
  assert.equal(described.name, 'react-dom');
  assert.equal(described.version, '18.3.1');
  assert.equal(described.subpath, '/client');
  assert.equal(described.url, `${CDN}/npm/react-dom@18.3.1/client/+esm/b1`);
  assert.deepEqual(described.exports, ['createRoot', 'default', 'hydrateRoot']);
  assert.equal(described.entry, '/client.js');
  const pinned = await app.inject(described.url.slice(CDN.length));
  assert.equal(pinned.statusCode, 200);
  assert.equal(pinned.headers['cache-control'], IMMUTABLE);
  assert.equal(described.integrity, sha384(pinned.rawPayload));
  // The client requires the package's main entry: its pinned build, whose own ?meta names React's.
  assert.deepEqual(described.imports, [`${CDN}/npm/react-dom@18.3.1/+esm/b1`]);
  const main = await meta('/npm/react-dom@18.3.1/+esm/b1?meta');
  assert.deepEqual(main.imports, [`${CDN}/npm/react@18.3.1/+esm/b1`]);
  for (const url of [...described.imports, ...main.imports]) assert.match(url, PINNED);

  // The pinned URL's ?meta says the same; the description of a pinned URL is immutable like its bytes.
  const again = await app.inject('/npm/react-dom@18.3.1/client/+esm/b1?meta');
  assert.equal(again.headers['cache-control'], IMMUTABLE);
  assert.deepEqual(again.json(), described);
  assert.equal((await app.inject('/npm/react-dom@18/client/+esm?meta')).headers['cache-control'], ALIAS, 'a range resolves again later');
});

test('?meta carries the options: a development build, the types, dynamic imports', async () => {
  const dev = await meta('/npm/react@18/+esm?dev&meta&v=1');
  assert.equal(dev.version, '18.3.1');
  assert.equal(dev.options, '?dev');
  assert.equal(dev.url, `${CDN}/npm/react@18.3.1/+esm/b1?dev`);
  assert.equal(dev.integrity, sha384((await app.inject('/npm/react@18.3.1/+esm/b1?dev')).rawPayload));
  const typed = await meta('/npm/mini-react@18.3.1/+esm?meta');
  assert.equal(typed.types, `${CDN}/npm/@types/mini-react@18.3.5/index.d.ts`);
  const lazy = await meta('/npm/esm-only-lib@1.0.0/+esm?meta');
  assert.deepEqual(lazy.dynamicImports, [`${CDN}/npm/esm-only-lib@1.0.0/src/lazy.js/+esm/b1`]);
  const lit = await meta('/npm/lit@3/+esm?meta');
  assert.deepEqual(lit.imports, [
    `${CDN}/npm/lit-html@3.2.1/+esm/b1`,
    `${CDN}/npm/lit-element@4.1.1/lit-element.js/+esm/b1`,
    `${CDN}/npm/lit-html@3.2.1/is-server.js/+esm/b1`,
  ]);
});

test('?meta of a build that failed is a 502 saying why; of a package without JavaScript, the usual 404', async () => {
  const failed = await app.inject('/npm/broken-syntax@1.0.0/+esm?meta');
  assert.equal(failed.statusCode, 502);
  assert.match(failed.body, /^\/npm\/broken-syntax@1\.0\.0\/\+esm\/b1 could not be built as an ES module: /);
  assert.equal(failed.headers['cache-control'], 'public, max-age=60, s-maxage=60');
  assert.equal((await app.inject('/npm/types-only-lib@4.26.0/+esm?meta')).statusCode, 404);
});

test('the convenient URL re-exports the pinned build, cached like an alias, and its banner says not to put integrity on it', async () => {
  const convenient = await app.inject('/npm/react@18.3.1/+esm');
  assert.equal(convenient.statusCode, 200);
  assert.equal(convenient.headers['cache-control'], ALIAS, 'it moves to a better build when the builder improves');
  assert.match(convenient.body, /^ \* This URL may get a better build when the builder improves: do NOT use SRI with it\.$/m);
  assert.match(
    convenient.body,
    /^ \* For SRI, use the pinned URL of this build, whose bytes never change: http:\/\/cdn\.test\/npm\/react@18\.3\.1\/\+esm\/b1$/m,
  );
  assert.match(convenient.body, /^ \* More information: http:\/\/website\.test\/using-sri-with-dynamic-files$/m);
  assert.equal(withoutBanner(convenient.body), 'export * from "/npm/react@18.3.1/+esm/b1";\nexport { default } from "/npm/react@18.3.1/+esm/b1";\n');
  const pinned = await app.inject('/npm/react@18.3.1/+esm/b1');
  assert.match(pinned.body, /^ \* A pinned build: the bytes of this URL never change, so it may be used with SRI\.$/m);
  assert.equal(pinned.headers['x-typescript-types'], convenient.headers['x-typescript-types']);
  // A page importing React by the convenient URL and react-dom's client (which imports the pinned one) holds one React.
  const page = await esm.loader.import('/npm/react@18.3.1/+esm');
  const client = await esm.loader.import('/npm/react-dom@18.3.1/client/+esm');
  const container: { rendered?: unknown } = {};
  const useState = page['useState'] as (v: number) => [number];
  const App = (): number => useState(5)[0];
  (client['createRoot'] as (c: object) => { render(e: unknown): void })(container).render((page['createElement'] as (t: unknown) => unknown)(App));
  assert.equal(container.rendered, 5, 'the hook ran on the dispatcher react-dom installed');
});

test('a pinned URL names an exact version and a generation there is', async () => {
  const range = await app.inject('/npm/react@18/+esm/b1');
  assert.equal(range.statusCode, 400);
  assert.equal(range.body, 'A pinned +esm URL names an exact version, and "18" of react is not one: use react@18.3.1.');
  const future = await app.inject('/npm/react@18.3.1/+esm/b2');
  assert.equal(future.statusCode, 404);
  assert.equal(future.body, 'There is no build generation b2 yet: the newest is b1.');
});

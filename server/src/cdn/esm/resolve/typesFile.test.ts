/**
 * `X-TypeScript-Types` on a build through the real CDN app and fixture registry: the package's own declarations,
 * or those of its `@types` package of the same major version (`definitelyTyped.ts`, `typesFile.ts`).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { startEsmApp, type EsmApp } from '../testing/esmApp.ts';

let esm: EsmApp;
let app: FastifyInstance;

before(async () => {
  esm = await startEsmApp();
  app = esm.app;
});
after(() => esm.close());

test('TypeScript declarations are named in X-TypeScript-Types when the package ships them', async () => {
  const typed = await app.inject('/npm/typed-lib@1.0.0/+esm/b1');
  assert.equal(typed.headers['x-typescript-types'], 'http://cdn.test/npm/typed-lib@1.0.0/dist/index.d.ts');
  assert.match(String(typed.headers['access-control-expose-headers']), /X-TypeScript-Types/);
  const subpath = await app.inject('/npm/typed-lib@1.0.0/dist/index.js/+esm/b1');
  assert.equal(subpath.headers['x-typescript-types'], 'http://cdn.test/npm/typed-lib@1.0.0/dist/index.d.ts', 'the .d.ts beside a subpath file');
  const untyped = await app.inject('/npm/esm-only-lib@1.0.0/+esm/b1');
  assert.equal(untyped.headers['x-typescript-types'], undefined, 'no declarations and no @types package');
});

test('a package without declarations of its own names its @types package of the same major, the highest stable one', async () => {
  const cases: Array<[string, string]> = [
    ['/npm/mini-react@18.3.1/+esm/b1', 'http://cdn.test/npm/@types/mini-react@18.3.5/index.d.ts'],
    ['/npm/mini-react@18.2.0/+esm/b1', 'http://cdn.test/npm/@types/mini-react@18.3.5/index.d.ts'],
    ['/npm/mini-react@18/+esm', 'http://cdn.test/npm/@types/mini-react@18.3.5/index.d.ts'],
    ['/npm/mini-react@19.0.0/+esm/b1', 'http://cdn.test/npm/@types/mini-react@19.0.1/index.d.ts'],
    ['/npm/@skylift-fixtures/scoped@1.0.1/+esm/b1', 'http://cdn.test/npm/@types/skylift-fixtures__scoped@1.0.0/index.d.ts'],
  ];
  for (const [url, types] of cases) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 200, url);
    assert.equal(res.headers['x-typescript-types'], types, url);
  }
  assert.equal((await app.inject('/npm/@types/mini-react@18.3.5/index.d.ts')).statusCode, 200, 'the header names a file that is there');
  // A subpath is described by the file of the same path in the @types package, when it has one.
  assert.equal(
    (await app.inject('/npm/mini-react@18.3.1/jsx-runtime/+esm/b1')).headers['x-typescript-types'],
    'http://cdn.test/npm/@types/mini-react@18.3.5/jsx-runtime.d.ts',
  );
  assert.equal((await app.inject('/npm/@types/mini-react@18.3.5/jsx-runtime.d.ts')).statusCode, 200);
  assert.equal((await app.inject('/npm/mini-react@19.0.0/jsx-runtime/+esm/b1')).headers['x-typescript-types'], undefined, '@types/mini-react@19 has none');
});

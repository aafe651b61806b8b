/** The esm.run short-link service through inject(): redirects, the home page, bad names, health. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import { testConfig } from '../cdn/testing/testApp.ts';
import { buildEsmRunApp } from './app.ts';

let app: FastifyInstance;

before(async () => {
  app = await buildEsmRunApp(testConfig({}, { SKYLIFT_CDN_URL: 'https://cdn.example.test', SKYLIFT_ESMRUN_URL: 'https://run.example.test' }));
});
after(async () => {
  await app.close();
});

test('short links redirect to the module build on the CDN, with CORS headers and a short cache', async () => {
  const cases: Array<[string, string]> = [
    ['/canvas-confetti', 'https://cdn.example.test/npm/canvas-confetti/+esm'],
    ['/canvas-confetti@1.9.3', 'https://cdn.example.test/npm/canvas-confetti@1.9.3/+esm'],
    ['/canvas-confetti@^1.2.0', 'https://cdn.example.test/npm/canvas-confetti@^1.2.0/+esm'],
    ['/canvas-confetti@latest/dist/confetti.module.mjs', 'https://cdn.example.test/npm/canvas-confetti@latest/dist/confetti.module.mjs/+esm'],
    ['/@popperjs/core@2', 'https://cdn.example.test/npm/@popperjs/core@2/+esm'],
    ['/%40popperjs/core@2/lib/index.js', 'https://cdn.example.test/npm/@popperjs/core@2/lib/index.js/+esm'],
    ['/react@18/', 'https://cdn.example.test/npm/react@18/+esm'],
    ['/react@18?query=ignored', 'https://cdn.example.test/npm/react@18/+esm'],
    // Build options are passed on, canonical, whatever else the query holds.
    ['/react@18?dev', 'https://cdn.example.test/npm/react@18/+esm?dev'],
    ['/react-dom@18/client?target=es2020&dev&v=1', 'https://cdn.example.test/npm/react-dom@18/client/+esm?dev&target=es2020'],
    ['/swr@2?deps=react-dom@18.3.1,react@18.3.1', 'https://cdn.example.test/npm/swr@2/+esm?deps=react@18.3.1,react-dom@18.3.1'],
    ['/react@18?meta&dev', 'https://cdn.example.test/npm/react@18/+esm?dev&meta'],
    ['/react@18?meta', 'https://cdn.example.test/npm/react@18/+esm?meta'],
  ];
  for (const [url, location] of cases) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 302, url);
    assert.equal(res.headers['location'], location, url);
    assert.equal(res.headers['access-control-allow-origin'], '*', url);
    assert.equal(res.headers['cache-control'], 'public, max-age=3600, s-maxage=3600', url);
  }
});

test('the home page says what the service is', async () => {
  const res = await app.inject('/');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  assert.ok(res.body.startsWith(`esm.run: short links to ES module builds of npm packages, served by ${BRAND.name}.`));
  assert.match(res.body, /https:\/\/cdn\.example\.test\/npm\/\{name\}\[@\{version\}\]\[\/\{path\}\]\/\+esm/);
  assert.match(res.body, /https:\/\/run\.example\.test\/canvas-confetti@1/);
});

test('a build option with a bad value answers 400 naming it, as the CDN would', async () => {
  const res = await app.inject('/react@18?target=es1999');
  assert.equal(res.statusCode, 400);
  assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  assert.match(res.body, /^Unknown \+esm target "es1999"/);
});

test('bad names, versions and paths answer 400 with a plain message', async () => {
  for (const url of ['/Bad%20Name', '/@scope', '/pkg@1;rm', '/pkg@1/a%5cb', '/pkg@1/a%2fb', '/pkg@1/+private-json']) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 400, url);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8', url);
    assert.equal(res.headers['access-control-allow-origin'], '*', url);
    assert.equal(res.headers['location'], undefined, url);
    assert.match(res.body, /^Invalid/, url);
  }
});

test('a method no route takes is a plain-text 405 with the common headers, so a browser on another origin can read it', async () => {
  for (const [method, url] of [
    ['POST', '/react'],
    ['DELETE', '/'],
  ] as const) {
    const res = await app.inject({ method, url });
    assert.equal(res.statusCode, 405, `${method} ${url}`);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8', `${method} ${url}`);
    assert.equal(res.headers['access-control-allow-origin'], '*', `${method} ${url}`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', `${method} ${url}`);
    assert.equal(res.headers['cache-control'], 'public, max-age=60, s-maxage=60', `${method} ${url}`);
  }
});

test('health, readiness and metrics', async () => {
  assert.equal((await app.inject('/healthz')).statusCode, 200);
  assert.equal((await app.inject('/readyz')).statusCode, 200);
  assert.match((await app.inject('/metrics')).body, /http_requests_total/);
});

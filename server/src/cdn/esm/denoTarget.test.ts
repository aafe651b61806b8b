/**
 * The Deno target (`?target=deno`, `?target=denonext`, or a `Deno/…` User-Agent on a URL without `?target`)
 * through the real CDN app and the fixture registry: what a Deno build imports instead of browser stand-ins,
 * which conditions and fields it resolves with, that it carries its target to its dependencies, and when an
 * answer varies on the User-Agent. Deno builds import only `node:` modules besides builds of ours, which
 * Node has too, so they are evaluated here in Node (`testing/importBuilt.ts`); `denoModules.test.ts` in
 * `server/test/` runs Deno itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_FAILED_HEADER } from './serve/serveEsm.ts';
import { esmAppPerFile } from './testing/esmApp.ts';
import { buildCdnApp } from '../app.ts';

const FAILED = BUILD_FAILED_HEADER.toLowerCase();
const DENO = 'Deno/2.9.6';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const esm = esmAppPerFile();

const varies = (headers: Record<string, unknown>): string[] =>
  String(headers['vary'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

test("a Deno build imports Deno's node: built-ins, not browser polyfills, and keeps the files the browser field swaps for browsers", async () => {
  const res = await esm.app.inject('/npm/node-only-lib@1.0.0/+esm?target=deno');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 600));
  for (const builtin of ['node:fs', 'node:path', 'node:os', 'node:events', 'node:process', 'node:buffer', 'node:timers'])
    assert.ok(res.body.includes(`"${builtin}"`), `${builtin} is imported: ${res.body.slice(-800)}`);
  assert.doesNotMatch(res.body, /\/npm\/(events|buffer|os-browserify|timers-browserify)@/, 'no polyfill package is imported');

  const browser = await esm.app.inject('/npm/node-only-lib@1.0.0/+esm');
  assert.doesNotMatch(browser.body, /"node:/, 'the browser build imports no node: module');
  assert.match(browser.body, /\/npm\/events@3\.3\.0\/\+esm/);

  const mod = await esm.loader.import('/npm/node-only-lib@1.0.0/+esm?target=deno');
  assert.equal(mod['nodeMajor'], Number(process.versions.node.split('.')[0]), "the runtime's own process.versions.node, read while loading");
  assert.equal(mod['platform'], 'node', 'the browser field does not swap files for Deno');
  assert.equal(mod['folder'], '/npm/node-only-lib@1.0.0', "CommonJS's __dirname: the file's folder on the CDN");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deno-target-'));
  try {
    const file = (mod['join'] as (...p: string[]) => string)(dir, 'a.txt');
    (mod['writeText'] as (f: string, t: string) => void)(file, 'written by a Deno build');
    assert.equal((mod['readText'] as (f: string) => string)(file), 'written by a Deno build', 'fs is the runtime’s own, not the browser stand-in that throws');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  assert.equal((mod['byteLength'] as (t: string) => number)('é'), 2, 'the free Buffer global');
  assert.equal(await (mod['later'] as () => Promise<string>)(), 'later', 'the free setImmediate global');
  const { EventEmitter } = await import('node:events');
  assert.equal(mod['Emitter'], EventEmitter, "require('events') gives the module's default, the EventEmitter class itself");
  assert.equal(mod['namedEmitter'], EventEmitter);
});

test('a Deno build resolves exports with the deno, node and import conditions, never browser; its dependencies are Deno builds too', async () => {
  const main = await esm.loader.import('/npm/runtime-conditions-lib@1.0.0/+esm?target=deno');
  assert.equal(main['runtime'], 'deno');
  const browser = await esm.loader.import('/npm/runtime-conditions-lib@1.0.0/+esm');
  assert.equal(browser['runtime'], 'browser');
  // micromark's decoder shape: the browser file reads `document`, which Deno has not.
  const decode = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/decode/+esm?target=deno');
  assert.doesNotMatch(decode.body, /document/);
  const decoded = await esm.loader.import('/npm/runtime-conditions-lib@1.0.0/decode/+esm?target=deno');
  assert.equal((decoded['decode'] as (v: string) => string)('amp'), '&');

  // npm-run-path's shape: a name its dependency gives only under the node condition.
  const user = await esm.app.inject('/npm/node-condition-user@6.0.0/+esm?target=deno');
  assert.ok(user.body.includes('"/npm/node-condition-lib@0.3.0/+esm?target=deno"'), user.body.slice(-600));
  const run = await esm.loader.import('/npm/node-condition-user@6.0.0/+esm?target=deno');
  assert.equal((run['binFolder'] as (o: { cwd: URL }) => string)({ cwd: new URL('file:///work/app') }), '/work/app/node_modules/.bin');
  const lib = await esm.loader.import('/npm/node-condition-lib@0.3.0/+esm?target=deno');
  assert.equal(typeof lib['toPath'], 'function');
});

test('?target=denonext is the Deno build under its one canonical URL; an unknown target still names them', async () => {
  const next = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/+esm?target=denonext');
  const deno = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/+esm?target=deno');
  assert.equal(next.statusCode, 200);
  assert.equal(next.body, deno.body);
  assert.equal(next.headers['etag'], deno.headers['etag']);
  assert.match(deno.body, /\/\/# sourceMappingURL=\+esm\.map\?target=deno\n$/);
  const bad = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/+esm?target=node');
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /esnext, deno \(or denonext\)/);
});

test('without ?target a Deno User-Agent gets a module re-exporting the Deno build; the answer varies on the User-Agent only where it can differ', async () => {
  const fromDeno = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm', headers: { 'user-agent': DENO } });
  assert.equal(fromDeno.statusCode, 200);
  assert.match(fromDeno.body, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\?target=deno";$/m);
  assert.ok(varies(fromDeno.headers).includes('user-agent'));
  const fromChrome = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm', headers: { 'user-agent': CHROME } });
  assert.match(fromChrome.body, /Original file: \/npm\/runtime-conditions-lib@1\.0\.0\/browser\.js$/m);
  assert.ok(varies(fromChrome.headers).includes('user-agent'), 'the same URL answers Deno otherwise');
  const range = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1/+esm', headers: { 'user-agent': DENO } });
  assert.match(range.body, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\?target=deno";$/m);

  // A URL naming its target is the same for everyone, and so is a source map.
  const named = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm?target=es2022', headers: { 'user-agent': DENO } });
  assert.match(named.body, /Original file: \/npm\/runtime-conditions-lib@1\.0\.0\/browser\.js$/m);
  assert.ok(!varies(named.headers).includes('user-agent'));
  const denoForChrome = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm?target=deno', headers: { 'user-agent': CHROME } });
  assert.match(denoForChrome.body, /Original file: \/npm\/runtime-conditions-lib@1\.0\.0\/deno\.js$/m);
  assert.ok(!varies(denoForChrome.headers).includes('user-agent'));
  const map = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm.map', headers: { 'user-agent': DENO } });
  assert.equal(map.statusCode, 200);
  assert.ok(!varies(map.headers).includes('user-agent'));
  // Plain files never vary on it.
  const file = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/deno.js', headers: { 'user-agent': DENO } });
  assert.ok(!varies(file.headers).includes('user-agent'));
});

test('an answer that varies on the User-Agent is never replayed from the warm answers to another client', async () => {
  const cdn = await buildCdnApp(esm.config, { store: esm.store, requestLog: false });
  try {
    const base = (await cdn.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    const url = `${base}/npm/runtime-conditions-lib@1.0.0/+esm`;
    // A browser asks first and again: an immutable answer from memory, which the warm answers would keep.
    // Both ask for the same encoding, so that only the User-Agent tells them apart.
    const headers = { 'accept-encoding': 'identity' };
    for (let i = 0; i < 3; i++) assert.match(await (await fetch(url, { headers: { ...headers, 'user-agent': CHROME } })).text(), /browser\.js/);
    const deno = await (await fetch(url, { headers: { ...headers, 'user-agent': DENO } })).text();
    assert.match(deno, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\?target=deno";$/m);
  } finally {
    await cdn.close();
  }
});

test('a module entry re-exporting another package (@walletconnect/jsonrpc-utils) stays the build for Deno, not its CommonJS main copying those names', async () => {
  const res = await esm.app.inject('/npm/star-module-lib@1.0.6/+esm?target=deno');
  assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 600));
  assert.match(res.body, /Original file: \/npm\/star-module-lib@1\.0\.6\/dist\/esm\/index\.js$/m);
  const mod = await esm.loader.import('/npm/star-module-lib@1.0.6/+esm?target=deno');
  assert.equal(typeof mod['eventChannel'], 'function');
  assert.equal(typeof mod['isReactNative'], 'function');
  assert.ok(!('__esModule' in mod), Object.keys(mod).join(', '));
});

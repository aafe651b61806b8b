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
  const res = await esm.app.inject('/npm/node-only-lib@1.0.0/+esm/b1?target=deno');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 600));
  for (const builtin of ['node:fs', 'node:path', 'node:os', 'node:events', 'node:process', 'node:buffer', 'node:timers'])
    assert.ok(res.body.includes(`"${builtin}"`), `${builtin} is imported: ${res.body.slice(-800)}`);
  assert.doesNotMatch(res.body, /\/npm\/(events|buffer|os-browserify|timers-browserify)@/, 'no polyfill package is imported');

  const browser = await esm.app.inject('/npm/node-only-lib@1.0.0/+esm/b1');
  assert.doesNotMatch(browser.body, /"node:/, 'the browser build imports no node: module');
  assert.match(browser.body, /\/npm\/events@3\.3\.0\/\+esm\/b1/);

  const mod = await esm.loader.import('/npm/node-only-lib@1.0.0/+esm/b1?target=deno');
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
  const main = await esm.loader.import('/npm/runtime-conditions-lib@1.0.0/+esm/b1?target=deno');
  assert.equal(main['runtime'], 'deno');
  const browser = await esm.loader.import('/npm/runtime-conditions-lib@1.0.0/+esm/b1');
  assert.equal(browser['runtime'], 'browser');
  // micromark's decoder shape: the browser file reads `document`, which Deno has not.
  const decode = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/decode/+esm/b1?target=deno');
  assert.doesNotMatch(decode.body, /document/);
  const decoded = await esm.loader.import('/npm/runtime-conditions-lib@1.0.0/decode/+esm/b1?target=deno');
  assert.equal((decoded['decode'] as (v: string) => string)('amp'), '&');

  // npm-run-path's shape: a name its dependency gives only under the node condition.
  const user = await esm.app.inject('/npm/node-condition-user@6.0.0/+esm/b1?target=deno');
  assert.ok(user.body.includes('"/npm/node-condition-lib@0.3.0/+esm/b1?target=deno"'), user.body.slice(-600));
  const run = await esm.loader.import('/npm/node-condition-user@6.0.0/+esm/b1?target=deno');
  assert.equal((run['binFolder'] as (o: { cwd: URL }) => string)({ cwd: new URL('file:///work/app') }), '/work/app/node_modules/.bin');
  const lib = await esm.loader.import('/npm/node-condition-lib@0.3.0/+esm/b1?target=deno');
  assert.equal(typeof lib['toPath'], 'function');
});

test('?target=denonext is the Deno build under its one canonical URL; an unknown target still names them', async () => {
  const next = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/+esm/b1?target=denonext');
  const deno = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/+esm/b1?target=deno');
  assert.equal(next.statusCode, 200);
  assert.equal(next.body, deno.body);
  assert.equal(next.headers['etag'], deno.headers['etag']);
  assert.match(deno.body, /\/\/# sourceMappingURL=b1\.map\?target=deno\n$/);
  const bad = await esm.app.inject('/npm/runtime-conditions-lib@1.0.0/+esm?target=node');
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /esnext, deno \(or denonext\)/);
});

test('without ?target the convenient URL re-exports the Deno build for a Deno User-Agent, and varies on the User-Agent; no other answer does', async () => {
  const fromDeno = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm', headers: { 'user-agent': DENO } });
  assert.equal(fromDeno.statusCode, 200);
  assert.match(fromDeno.body, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\/b1\?target=deno";$/m);
  assert.ok(varies(fromDeno.headers).includes('user-agent'));
  const fromChrome = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm', headers: { 'user-agent': CHROME } });
  assert.match(fromChrome.body, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\/b1";$/m);
  assert.ok(varies(fromChrome.headers).includes('user-agent'), 'the same URL answers Deno otherwise');
  const range = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1/+esm', headers: { 'user-agent': DENO } });
  assert.match(range.body, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\/b1\?target=deno";$/m);

  // A URL naming its target is the same for everyone, and so are a pinned URL, a source map and a description.
  const named = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm?target=es2022', headers: { 'user-agent': DENO } });
  assert.match(named.body, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\/b1";$/m);
  assert.ok(!varies(named.headers).includes('user-agent'));
  const denoForChrome = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm?target=deno', headers: { 'user-agent': CHROME } });
  assert.match(denoForChrome.body, /^export \* from "\/npm\/runtime-conditions-lib@1\.0\.0\/\+esm\/b1\?target=deno";$/m);
  assert.ok(!varies(denoForChrome.headers).includes('user-agent'));
  const pinned = await esm.app.inject({ url: '/npm/runtime-conditions-lib@1.0.0/+esm/b1', headers: { 'user-agent': DENO } });
  assert.match(pinned.body, /Original file: \/npm\/runtime-conditions-lib@1\.0\.0\/browser\.js$/m, 'a pinned URL is one build whoever asks');
  assert.ok(!varies(pinned.headers).includes('user-agent'));
  for (const url of [
    '/npm/runtime-conditions-lib@1.0.0/+esm.map',
    '/npm/runtime-conditions-lib@1.0.0/+esm?meta',
    '/npm/runtime-conditions-lib@1.0.0/deno.js',
  ]) {
    const other = await esm.app.inject({ url, headers: { 'user-agent': DENO } });
    assert.equal(other.statusCode, 200, url);
    assert.ok(!varies(other.headers).includes('user-agent'), url);
  }
});

test('a module entry re-exporting another package (@walletconnect/jsonrpc-utils) stays the build for Deno, not its CommonJS main copying those names', async () => {
  const res = await esm.app.inject('/npm/star-module-lib@1.0.6/+esm/b1?target=deno');
  assert.equal(res.headers[FAILED], undefined, res.body.slice(0, 600));
  assert.match(res.body, /Original file: \/npm\/star-module-lib@1\.0\.6\/dist\/esm\/index\.js$/m);
  const mod = await esm.loader.import('/npm/star-module-lib@1.0.6/+esm/b1?target=deno');
  assert.equal(typeof mod['eventChannel'], 'function');
  assert.equal(typeof mod['isReactNative'], 'function');
  assert.ok(!('__esModule' in mod), Object.keys(mod).join(', '));
});

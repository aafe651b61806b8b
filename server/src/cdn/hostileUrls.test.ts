/**
 * Property-style test: thousands of random and hostile URLs and headers. Whatever comes in, the CDN answers
 * below 500 without a stack trace, and it never opens a file outside its caches; and control characters,
 * which would give one file many cache keys, are refused wherever they are.
 */
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';
import { SAMPLE_PACKAGES } from './testing/samplePackages.ts';
import { buildTestApp } from './testing/testApp.ts';
import { PackageError } from '../packages/types.ts';
import { parseCombinePath, parseGhPath, parseNpmPath } from '../cdnUrl/parseCdnUrl.ts';
import { parseEsmPath } from './url/parseEsmPath.ts';

/** A small deterministic generator, so that a failure can be replayed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const PREFIXES = ['/npm/', '/gh/', '/combine/', '/', '/npm', '//npm/', '/gh//', '/combine/npm/', '/NPM/'];
const NAMES = [
  'demo-lib',
  '@scope/pkg',
  '%40scope/pkg',
  'no-default',
  'styles-only',
  'octo/repo',
  'unknown',
  '..',
  '.',
  '%2e%2e',
  '@',
  '@scope',
  '@/',
  'a'.repeat(300),
  'Demo-Lib',
  'ünïcode',
  '%FF',
  '%',
  '%ZZ',
  '<script>',
  'x\u0000y',
  ' ',
  'a@b@c',
  'node_modules',
  '_private',
  'octo/..',
];
const VERSIONS = [
  '',
  '@1.2.0',
  '@1',
  '@^1.0.0',
  '@%5E1',
  '@latest',
  '@beta',
  '@main',
  '@v1.0.0',
  '@0123456789abcdef0123456789abcdef01234567',
  '@',
  '@@',
  '@..',
  '@%2e%2e',
  '@>=1 <2',
  '@*',
  '@x',
  '@9.9.9',
  '@1.2.0%00',
  '@' + '9'.repeat(400),
  '@1;ls',
  '@%0d%0aSet-Cookie:x',
];
const SEGMENTS = [
  'dist',
  'demo.js',
  'demo.min.js',
  'demo.min.js.map',
  'style.min.css',
  'big.min.js',
  'page.html',
  'evil.svg',
  '..',
  '.',
  '',
  '%2e%2e',
  '%2E%2e',
  '..%2f',
  '%2f',
  '%5c',
  '\\',
  '..\\..',
  '%00',
  '%',
  '%zz',
  '+private-json',
  '+esm',
  'etc',
  'passwd',
  '%252e%252e',
  '....',
  '.%2e',
  'sub',
  'deep.js',
  '~',
  '%c0%ae%c0%ae',
  'ü',
  'x'.repeat(2000),
  '*',
  'a,b',
  ',',
  'LICENSE',
  'nope/',
];
const HEADERS: Array<Record<string, string>> = [
  {},
  { range: 'bytes=0-10' },
  { range: 'bytes=-1' },
  { range: 'bytes=99999999-' },
  { range: 'bytes=5-1' },
  { range: 'bytes=abc' },
  { range: 'bytes=0-1,5-6' },
  { 'accept-encoding': 'br' },
  { 'accept-encoding': 'gzip;q=0.5, br;q=0' },
  { 'accept-encoding': '*;q=0.1' },
  { 'accept-encoding': ';;;,,q=' },
  { 'if-none-match': '*' },
  { 'if-none-match': 'W/"x", "y"' },
  { 'if-range': '"nope"', range: 'bytes=0-0' },
  { 'x-edge-country': '"><script>' },
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const VALID = [
  '/npm/demo-lib@1.2.0',
  '/npm/demo-lib@1',
  '/npm/demo-lib',
  '/npm/@scope/pkg@3',
  '/gh/octo/repo@1.0.0',
  '/gh/octo/repo@main',
  '/npm/styles-only@1.0.0',
];
const VALID_FILES = [
  '',
  '/',
  '/dist/',
  '/dist/demo.js',
  '/dist/demo.min.js',
  '/dist/style.css',
  '/dist/style.min.css.map',
  '/dist/evil.svg',
  '/dist/sub',
  '/main.js',
  '/src/a.js',
  '/+private-json',
  '/css/theme.min.css',
  '/LICENSE',
];

function randomPath(random: () => number): string {
  if (random() < 0.35) return pick(random, VALID) + pick(random, VALID_FILES);
  let url = pick(random, PREFIXES);
  if (url === '/combine/' && random() < 0.5) {
    const parts = Array.from({ length: 1 + Math.floor(random() * 5) }, () => `npm/${pick(random, NAMES)}${pick(random, VERSIONS)}/${pick(random, SEGMENTS)}`);
    return url + parts.join(',');
  }
  url += pick(random, NAMES) + pick(random, VERSIONS);
  const depth = Math.floor(random() * 5);
  for (let i = 0; i < depth; i++) url += `/${pick(random, SEGMENTS)}`;
  if (random() < 0.2) url += '/';
  if (random() < 0.1) url += `?${pick(random, SEGMENTS)}=${pick(random, SEGMENTS)}`;
  if (random() < 0.1) url += String.fromCharCode(Math.floor(random() * 0x250));
  return url;
}

test('a few thousand random and hostile requests: no 5xx, no stack trace, nothing read outside the caches', async () => {
  const store = new MemoryPackageStore(SAMPLE_PACKAGES);
  const { app, config, log } = await buildTestApp(store);
  const allowed = [path.resolve(store.dir), path.resolve(config.dataDir)];
  const opened: string[] = [];
  const realOpen = fsPromises.open;
  const realReadFile = fsPromises.readFile;
  mock.method(fsPromises, 'open', (file: Parameters<typeof realOpen>[0], ...rest: unknown[]) => {
    opened.push(String(file));
    return (realOpen as (...args: unknown[]) => unknown)(file, ...rest);
  });
  const realCallbackReadFile = fs.readFile;
  mock.method(fs, 'readFile', (file: Parameters<typeof realCallbackReadFile>[0], ...rest: unknown[]) => {
    opened.push(String(file));
    return (realCallbackReadFile as (...args: unknown[]) => unknown)(file, ...rest);
  });
  const realStream = fs.createReadStream;
  mock.method(fs, 'createReadStream', (file: Parameters<typeof realStream>[0], ...rest: unknown[]) => {
    opened.push(String(file));
    return (realStream as (...args: unknown[]) => unknown)(file, ...rest);
  });
  mock.method(fsPromises, 'readFile', (file: Parameters<typeof realReadFile>[0], ...rest: unknown[]) => {
    opened.push(String(file));
    return (realReadFile as (...args: unknown[]) => unknown)(file, ...rest);
  });
  try {
    const random = prng(20261121);
    const served = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const url = randomPath(random);
      const method = random() < 0.15 ? 'HEAD' : 'GET';
      let res;
      try {
        res = await app.inject({ method, url, headers: pick(random, HEADERS) });
      } catch (error) {
        // The test client itself refuses some URLs (invalid characters); that is not the server's answer.
        if (error instanceof TypeError) continue;
        throw error;
      }
      served.set(res.statusCode, (served.get(res.statusCode) ?? 0) + 1);
      assert.ok(res.statusCode < 500, `${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      assert.ok(!/\n\s+at \S+ \(/.test(res.body) || res.headers['content-type'] !== 'text/plain; charset=utf-8', `${url}: stack trace`);
      assert.equal(res.headers['access-control-allow-origin'], '*', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
    }
    assert.ok((served.get(200) ?? 0) > 50, `some requests were served: ${JSON.stringify([...served])}`);
    assert.ok((served.get(400) ?? 0) > 50, `some requests were refused: ${JSON.stringify([...served])}`);
    assert.ok(opened.length > 20, 'file reads were observed');
    for (const file of opened) {
      const resolved = path.resolve(file);
      assert.ok(
        allowed.some((dir) => resolved.startsWith(`${dir}${path.sep}`)),
        `read outside the caches: ${file}`,
      );
    }
  } finally {
    mock.restoreAll();
    await app.close();
    await log.close();
  }
});

const CONTROLS = ['%0d%0a', '%0a', '%0d', '%09', '%0c', '%00', '%1b', '%7f', '%7F', '%0D%0A'];

test('a control character anywhere in a name, version, range, file path or combine part: 400, never a cached file', async () => {
  const store = new MemoryPackageStore(SAMPLE_PACKAGES);
  const { app, log } = await buildTestApp(store);
  try {
    const addresses = (c: string): string[] => [
      `/npm/demo-lib@1.2.0${c}/dist/demo.js`,
      `/npm/demo-lib@1${c}/dist/demo.js`,
      `/npm/demo-lib@${c}1.2.0/dist/demo.js`,
      `/npm/demo-lib${c}@1.2.0/dist/demo.js`,
      `/npm/@scope${c}/pkg@3/main.js`,
      `/npm/demo-lib@1.2.0/dist${c}/demo.js`,
      `/npm/demo-lib@1.2.0/dist/demo.js${c}`,
      `/npm/demo-lib@1.2.0${c}/dist/`,
      `/npm/demo-lib@1.2.0/dist/${c}/`,
      `/npm/demo-lib@1.2.0${c}/+esm`,
      `/npm/demo-lib@1.2.0/dist/demo.js${c}/+esm`,
      `/npm/demo-lib@1.2.0${c}`,
      `/gh/octo/repo@1.0.0${c}/`,
      `/gh/octo${c}/repo@1.0.0/`,
      `/combine/npm/demo-lib@1.2.0${c}/dist/demo.js,npm/@scope/pkg@3/main.js`,
      `/combine/npm/demo-lib@1.2.0/dist/demo.js,npm/@scope/pkg@3/main.js${c}`,
    ];
    for (const c of CONTROLS) {
      for (const url of addresses(c)) {
        const res = await app.inject(url);
        assert.equal(res.statusCode, 400, `${url}: ${res.statusCode}`);
        assert.match(res.body, /control character/, url);
        assert.notEqual(res.headers['cache-control'], 'public, max-age=31536000, s-maxage=31536000, immutable', url);
      }
    }
    // The same file without them is served: what is refused is the character, not the address.
    assert.equal((await app.inject('/npm/demo-lib@1.2.0/dist/demo.js')).statusCode, 200);
  } finally {
    await app.close();
    await log.close();
  }
});

test('the URL parsers refuse control characters themselves, decoded or raw, rather than trimming them', () => {
  for (const c of [...CONTROLS, '\t', '\n', '\u0000', '\u007f']) {
    for (const parse of [
      () => parseNpmPath(`demo-lib@1.2.0${c}/dist/demo.js`),
      () => parseNpmPath(`demo-lib@^1${c}`),
      () => parseNpmPath(`demo${c}-lib@1/x.js`),
      () => parseNpmPath(`demo-lib@1/x${c}.js`),
      () => parseGhPath(`octo/repo@main${c}/x.js`),
      () => parseCombinePath(`npm/demo-lib@1/a.js,npm/demo-lib@1${c}/b.js`, 10),
      () => parseEsmPath(`demo-lib@1${c}/+esm`),
    ]) {
      assert.throws(parse, (error: unknown) => error instanceof PackageError && error.status === 400 && /control characters/.test(error.message), c);
    }
  }
  assert.equal(parseNpmPath('demo-lib@%3E%3D1%20%3C2/x.js').requested, '>=1 <2', 'spaces in a range are still fine');
});

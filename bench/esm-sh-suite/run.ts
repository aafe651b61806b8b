/**
 * esm.sh's own regression tests (`test/common/*` and `test/issue-*` of its repository) run with Deno against
 * our `+esm` URLs. The suite is read from a checkout given on the command line, never shipped here. A test file
 * is portable when every module it imports from esm.sh's test server names a package, version and subpath only
 * (`http://localhost:8080/react@18.2.0/jsx-runtime`), optionally with `?target=` (es20xx, deno, denonext) or
 * `?dev`, and it imports nothing else but `node:` modules and `jsr:@std/assert` (answered by a small module of
 * ours over `node:assert`): its URLs become `/npm/react@18.2.0/jsx-runtime/+esm`. Anything else (esm.sh's own
 * options, routes and HTTP API, `fetch()` of its server, other hosts) is listed as not portable.
 *
 * Usage: node --import tsx bench/esm-sh-suite/run.ts --suite /path/to/esm.sh/test [--only issue-593,common/graphgl]
 *        [--timeout 180] [--concurrency 2]
 * The CDN runs in this process on a fresh data folder with the registry npm is configured with as its upstream;
 * each file runs in `deno test` of its own, with an empty module cache of the run's own.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildCdnApp } from '../../server/src/cdn/app.ts';
import { createPackageStore } from '../../server/src/packages/index.ts';
import { denoBinary } from '../esm-parity/denoView.ts';

const { values: args } = parseArgs({
  options: {
    suite: { type: 'string' },
    only: { type: 'string' },
    timeout: { type: 'string', default: '180' },
    concurrency: { type: 'string', default: '2' },
  },
});
if (!args.suite) {
  console.error('Name the test folder of an esm.sh checkout: --suite /path/to/esm.sh/test');
  process.exit(2);
}
const suite = path.resolve(args.suite);

/** esm.sh's test server, as its tests name it. */
const ESM_SH = 'http://localhost:8080/';
const PACKAGE_URL = /^((?:@[\w.-]+\/)?[\w.-]+)(@[^/?#]+)?(\/[^?#]*)?(?:\?(.*))?$/;
const PORTABLE_QUERY = /^(?:target=(?:es20\d\d|esnext|deno|denonext)|dev)$/;

/** The test files: common/*.test.* and issue-*\/test.* (or *.test.*). */
function testFiles(): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(suite, { withFileTypes: true })) {
    if (!entry.isDirectory() || !(entry.name === 'common' || entry.name.startsWith('issue-'))) continue;
    for (const file of fs.readdirSync(path.join(suite, entry.name)))
      if (/^(?:test|.+\.test)\.(?:ts|tsx|js|mjs|jsx)$/.test(file)) files.push(`${entry.name}/${file}`);
  }
  return files.sort();
}

/** The file with our URLs, or why it is not portable. */
function rewrite(text: string, cdnUrl: string): { code: string } | { notPortable: string } {
  if (/\bfetch\(\s*[`"']http:\/\/localhost:8080/.test(text)) return { notPortable: "fetches esm.sh's server (its HTTP API)" };
  const specifiers = [...text.matchAll(/(?:from\s*|import\s*\(\s*|import\s+)(["'`])([^"'`]+)\1/g)].map((m) => m[2]!);
  for (const specifier of specifiers) {
    if (specifier.startsWith('node:') || specifier === 'jsr:@std/assert' || specifier.startsWith(ESM_SH)) continue;
    return { notPortable: `imports ${specifier}` };
  }
  const ours = new Map<string, string>();
  for (const url of new Set(text.match(/http:\/\/localhost:8080\/[^"'`\s)]*/g) ?? [])) {
    const match = PACKAGE_URL.exec(url.slice(ESM_SH.length));
    if (!match) return { notPortable: `names ${url}` };
    const [, name, version = '', subpath = '', query] = match;
    if (name!.startsWith('@') ? false : /^(?:gh|jsr|pr|v\d+|stable|x|node|run|status\.json)$/.test(name!)) return { notPortable: `names ${url}` };
    if (query !== undefined && !query.split('&').every((part) => PORTABLE_QUERY.test(part))) return { notPortable: `names ${url}` };
    if (/\.(?:d\.[mc]?ts|css|json|wasm|mjs)$/.test(subpath) || /\/(?:es20\d\d|esnext|deno|denonext)\//.test(subpath))
      return { notPortable: `names a built file of esm.sh: ${url}` };
    ours.set(url, `${cdnUrl}/npm/${name}${version.replace(/^@v(\d)/, '@$1')}${subpath.replace(/\/$/, '')}/+esm${query ? `?${query}` : ''}`);
  }
  // Each whole URL at once: one may begin another (`graphql@16.6.0` and `graphql@16.6.0/graphql`).
  return { code: text.replace(/http:\/\/localhost:8080\/[^"'`\s)]*/g, (url) => ours.get(url) ?? url) };
}

/** `jsr:@std/assert`, as far as esm.sh's tests use it, over node:assert. */
const STD_ASSERT = `
import nodeAssert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
export function assert(value, message) { nodeAssert.ok(value, message); }
export function assertEquals(actual, expected, message) {
  if (isDeepStrictEqual(actual, expected)) return;
  try { nodeAssert.deepEqual(JSON.parse(JSON.stringify(actual)), JSON.parse(JSON.stringify(expected)), message); } catch { nodeAssert.deepStrictEqual(actual, expected, message); }
}
export function assertExists(value, message) { nodeAssert.ok(value !== null && value !== undefined, message ?? 'expected a value'); }
export function assertStringIncludes(actual, expected, message) { nodeAssert.ok(String(actual).includes(expected), message ?? \`expected \${JSON.stringify(String(actual).slice(0, 200))} to include \${JSON.stringify(expected)}\`); }
export function assertArrayIncludes(actual, expected, message) { for (const item of expected) nodeAssert.ok([...actual].some((a) => isDeepStrictEqual(a, item)), message ?? \`expected the array to include \${JSON.stringify(item)}\`); }
`;

function run(binary: string, argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeout: number }): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile(binary, argv, { ...options, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }));
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'esm-sh-suite-'));
const dataDir = path.join(work, 'cdn');
const config = loadConfig({ ...process.env, SKYLIFT_DATA_DIR: dataDir, SKYLIFT_LOG_LEVEL: 'warn' });
const store = await createPackageStore(config);
const cdn = await buildCdnApp(config, { store, requestLog: false, esm: { budgetPerClient: 256 } });
/**
 * Where esm.sh's tests find their server: some talk to it beyond importing modules (issue-649's Pusher client
 * posts to localhost:8080 and expects a 404), so the CDN listens there when the port is free.
 */
const TEST_SERVER_PORT = 8080;
const listening = await cdn.listen({ host: '127.0.0.1', port: TEST_SERVER_PORT }).catch(() => cdn.listen({ host: '127.0.0.1', port: 0 }));
const cdnUrl = listening.replace(/\/$/, '');
const host = new URL(cdnUrl).host;
if (new URL(cdnUrl).port !== String(TEST_SERVER_PORT)) console.log(`port ${TEST_SERVER_PORT} is taken: tests that talk to esm.sh's server there will fail`);
const binary = denoBinary();
fs.writeFileSync(path.join(work, 'std-assert.js'), STD_ASSERT);
fs.writeFileSync(path.join(work, 'import_map.json'), JSON.stringify({ imports: { 'jsr:@std/assert': './std-assert.js' } }));
const env = { ...process.env, DENO_DIR: path.join(work, 'deno-cache'), NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
const flags = [
  'test',
  '--no-config',
  '--no-lock',
  '--no-check',
  '--import-map=import_map.json',
  `--allow-import=${host}`,
  `--allow-net=${host},localhost:${TEST_SERVER_PORT}`,
  '--allow-read',
  '--allow-write',
  '--allow-env',
  '--allow-sys',
];

const only = args.only ? args.only.split(',') : null;
const files = testFiles().filter((file) => !only || only.some((part) => file.includes(part)));
const results: Array<{ file: string; outcome: 'passed' | 'failed' | 'not portable'; why: string }> = [];
let next = 0;
const worker = async (): Promise<void> => {
  for (;;) {
    const file = files[next++];
    if (!file) return;
    const rewritten = rewrite(fs.readFileSync(path.join(suite, file), 'utf8'), cdnUrl);
    if ('notPortable' in rewritten) {
      results.push({ file, outcome: 'not portable', why: rewritten.notPortable });
      continue;
    }
    const local = path.join(work, 'tests', file);
    fs.mkdirSync(path.dirname(local), { recursive: true });
    fs.writeFileSync(local, rewritten.code);
    const started = Date.now();
    const { ok, output } = await run(binary, [...flags, local], { cwd: work, env, timeout: Number(args.timeout) * 1000 });
    const why = ok ? '' : (output.split('\n').find((line) => /^error|Error:/.test(line.trim())) ?? output.slice(-300)).trim().slice(0, 300);
    results.push({ file, outcome: ok ? 'passed' : 'failed', why });
    console.log(`${ok ? 'passed' : 'FAILED'} ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)${ok ? '' : `: ${why}`}`);
  }
};
try {
  await Promise.all(Array.from({ length: Math.max(1, Number(args.concurrency)) }, () => worker()));
} finally {
  await cdn.close();
  await store.close();
  fs.rmSync(work, { recursive: true, force: true });
}
const portable = results.filter((r) => r.outcome !== 'not portable');
const passed = portable.filter((r) => r.outcome === 'passed');
console.log(`\nesm.sh's tests with Deno against our +esm URLs`);
console.log(`test files:   ${results.length}`);
console.log(`portable:     ${portable.length}`);
console.log(`passed:       ${passed.length} / ${portable.length}`);
for (const r of results.filter((r) => r.outcome === 'failed').sort((a, b) => a.file.localeCompare(b.file))) console.log(`  failed ${r.file}: ${r.why}`);
console.log('\nnot portable:');
for (const r of results.filter((r) => r.outcome === 'not portable').sort((a, b) => a.file.localeCompare(b.file))) console.log(`  ${r.file}: ${r.why}`);
process.exit(0);

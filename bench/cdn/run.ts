/**
 * The CDN's three benchmarks, each printing our figure beside a reference measured in the same run:
 *   1. warm 100 KB file: our CDN vs nginx from disk, same load tool (autocannon) and duration;
 *   2. cold 5 MB package: time to first byte, and upstream tarball fetches when 200 clients ask at once;
 *   3. generated .min.js of a 500 KB source: first byte when generated, then warm.
 * Usage: node bench/cdn/run.mjs   (BENCH_DURATION seconds per load run, default 10; BENCH_CONNECTIONS, default 50)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { startFixtureRegistry, type FixtureRegistry } from '../../server/test/fixtures/upstream/index.ts';
import { incompressible, libraryJs } from './content.ts';
import { ensureNginx, startNginx } from './nginx.ts';

const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const root = path.resolve(import.meta.dirname, '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cdn-'));
// nginx's workers run as an unprivileged user: they must be able to read the document root.
fs.chmodSync(work, 0o755);

const fmt = (n: number, digits = 1): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (label: string, ours: string, reference: string, ratio: string): void => console.log(`${label.padEnd(44)} ${ours.padStart(16)} ${reference.padStart(16)} ${ratio.padStart(8)}`);
const header = (title: string, referenceName: string): void => {
  console.log(`\n${title}`);
  row('', 'ours', referenceName, 'ratio');
};

/** Time to the response headers, then the body is drained; milliseconds. */
function timeToFirstByte(url: string, agent?: http.Agent): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent: agent ?? false }, (response) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms, status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function startCdn(registry: FixtureRegistry): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cdnServer.ts')], {
    cwd: root,
    env: { ...process.env, SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_DATA_DIR: path.join(work, 'cdn-data'), SKYLIFT_GITHUB_API: 'http://127.0.0.1:1', SKYLIFT_GITHUB_ARCHIVE: 'http://127.0.0.1:1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`the CDN exited with code ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
}

async function warmFile(cdnUrl: string, registry: FixtureRegistry): Promise<void> {
  const content = libraryJs(100 * 1024, 'warm');
  registry.publish('bench-warm', '1.0.0', { 'package.json': JSON.stringify({ name: 'bench-warm', version: '1.0.0', main: 'dist/file.js' }), 'dist/file.js': content }, { tags: ['latest'] });
  const ours = `${cdnUrl}/npm/bench-warm@1.0.0/dist/file.js`;
  const first = await timeToFirstByte(ours);
  if (first.status !== 200) throw new Error(`the CDN answered ${first.status} for ${ours}`);
  header(`1. Warm ${fmt(content.length / 1024, 0)} KB file, ${CONNECTIONS} connections, ${DURATION} s each (autocannon)`, 'nginx');
  const nginxBinary = ensureNginx();
  const oursResult = await load(ours);
  let reference: autocannon.Result | null = null;
  if (nginxBinary) {
    const docroot = path.join(work, 'nginx-root');
    fs.mkdirSync(docroot, { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(docroot, 'file.js'), content, { mode: 0o644 });
    const nginx = await startNginx(nginxBinary, docroot, path.join(work, 'nginx'));
    try {
      reference = await load(`${nginx.url}/file.js`);
    } finally {
      await nginx.stop();
    }
  }
  const ratio = (a: number, b: number | undefined): string => (b ? fmt(a / b, 2) : 'n/a');
  row('requests per second (mean)', fmt(oursResult.requests.average, 0), reference ? fmt(reference.requests.average, 0) : 'n/a', ratio(oursResult.requests.average, reference?.requests.average));
  row('throughput, MB/s (mean)', fmt(oursResult.throughput.average / 1e6), reference ? fmt(reference.throughput.average / 1e6) : 'n/a', ratio(oursResult.throughput.average, reference?.throughput.average));
  row('latency p50, ms', fmt(oursResult.latency.p50, 2), reference ? fmt(reference.latency.p50, 2) : 'n/a', ratio(oursResult.latency.p50, reference?.latency.p50));
  row('latency p99, ms', fmt(oursResult.latency.p99, 2), reference ? fmt(reference.latency.p99, 2) : 'n/a', ratio(oursResult.latency.p99, reference?.latency.p99));
  row('errors + non-2xx', String(oursResult.errors + oursResult.non2xx), reference ? String(reference.errors + reference.non2xx) : 'n/a', '');
}

function publishLargePackage(registry: FixtureRegistry, name: string): void {
  const files: Record<string, string | Buffer> = {
    'package.json': JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
    'index.js': libraryJs(2 * 1024, name),
  };
  for (let i = 0; i < 50; i++) files[`data/blob-${i}.bin`] = incompressible(100 * 1024, `${name}-${i}`);
  registry.publish(name, '1.0.0', files, { tags: ['latest'] });
}

async function coldPackage(cdnUrl: string, registry: FixtureRegistry): Promise<void> {
  header('2. Cold 5 MB package from the fixture registry', 'tarball alone');
  publishLargePackage(registry, 'bench-cold');
  const direct = await timeToFirstByte(`${registry.url}${registry.tarballPath('bench-cold', '1.0.0')}`);
  const directFull = await (async () => {
    const started = process.hrtime.bigint();
    await fetch(`${registry.url}${registry.tarballPath('bench-cold', '1.0.0')}`).then((r) => r.arrayBuffer());
    return Number(process.hrtime.bigint() - started) / 1e6;
  })();
  const cold = await timeToFirstByte(`${cdnUrl}/npm/bench-cold@1.0.0/index.js`);
  const warm = await timeToFirstByte(`${cdnUrl}/npm/bench-cold@1.0.0/index.js`);
  row('time to first byte, cold (ms)', fmt(cold.ms), fmt(directFull), fmt(cold.ms / directFull, 2));
  row('  reference: first byte of the tarball (ms)', '', fmt(direct.ms), '');
  row('time to first byte, warm (ms)', fmt(warm.ms, 2), '', '');

  publishLargePackage(registry, 'bench-crowd');
  const tarball = registry.tarballPath('bench-crowd', '1.0.0');
  const before = registry.requestCount(tarball);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const started = process.hrtime.bigint();
  const results = await Promise.all(Array.from({ length: 200 }, (_, i) => timeToFirstByte(`${cdnUrl}/npm/bench-crowd@1.0.0/data/blob-${i % 50}.bin`, agent)));
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const ok = results.filter((r) => r.status === 200).length;
  row('200 clients at once: upstream tarball fetches', String(registry.requestCount(tarball) - before), '1', '');
  row('  answered 200 / all', `${ok} / ${results.length}`, '', '');
  row('  first byte median / slowest (ms)', `${fmt(median(results.map((r) => r.ms)))} / ${fmt(Math.max(...results.map((r) => r.ms)))}`, '', '');
  row('  all done (ms)', fmt(wall), '', '');
  agent.destroy();
}

async function minification(cdnUrl: string, registry: FixtureRegistry): Promise<void> {
  const source = libraryJs(500 * 1024, 'minify');
  header(`3. Generated .min.js of a ${fmt(source.length / 1024, 0)} KB source`, 'stored file');
  registry.publish('bench-min', '1.0.0', { 'package.json': JSON.stringify({ name: 'bench-min', version: '1.0.0', main: 'lib.js' }), 'lib.js': source }, { tags: ['latest'] });
  await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/package.json`); // fetch and extract first: measure minification only
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.js`, agent);
  const generated = await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.min.js`, agent);
  // Warm figures interleaved, so both see the same machine load.
  const storedWarm: number[] = [];
  const generatedWarm: number[] = [];
  for (let i = 0; i < 20; i++) {
    storedWarm.push((await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.js`, agent)).ms);
    generatedWarm.push((await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.min.js`, agent)).ms);
  }
  const warmStored = median(storedWarm);
  row('first byte, first request (generated, ms)', fmt(generated.ms), fmt(warmStored, 2), fmt(generated.ms / warmStored, 0));
  row('first byte, warm (median of 20, ms)', fmt(median(generatedWarm), 2), fmt(warmStored, 2), fmt(median(generatedWarm) / warmStored, 2));
  row('size: source -> minified (kB)', `${fmt(source.length / 1000, 0)} -> ${fmt(generated.bytes / 1000, 0)}`, '', '');
  agent.destroy();
}

const registry = await startFixtureRegistry();
const cdn = await startCdn(registry);
try {
  console.log(`CDN under test: ${cdn.url} (one Node process); fixture registry: ${registry.url}`);
  await warmFile(cdn.url, registry);
  await coldPackage(cdn.url, registry);
  await minification(cdn.url, registry);
} finally {
  await cdn.stop();
  await registry.close();
  fs.rmSync(work, { recursive: true, force: true });
}

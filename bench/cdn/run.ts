/**
 * The CDN's three benchmarks, each printing our figure beside a reference measured in the same run:
 *   1. warm 100 KB file: our CDN vs nginx from disk, same load tool (autocannon) and duration;
 *   2. cold 5 MB package: time to first byte, and upstream tarball fetches when 200 clients ask at once;
 *   3. generated .min.js of a real 500 kB source: first byte when generated, and size, beside terser.
 * Usage: node bench/cdn/run.mjs [warm] [cold] [minify]   (BENCH_DURATION seconds per load run, default 5; BENCH_ROUNDS, default 3;
 * BENCH_CONNECTIONS, default 50)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { minify as terserMinify } from 'terser';
import autocannon from 'autocannon';
import { MAX_REQUESTS_PER_CONNECTION } from '../../server/src/http/serviceServer.ts';
import { cpuMs, descendants } from '../../server/src/launcher/testing/processes.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../server/test/fixtures/upstream/index.ts';
import { incompressible, libraryJs } from './content.ts';
import { ensureNginx, startNginx } from './nginx.ts';
import { configuredRegistry, measureRealCold } from './realRegistry.ts';

const DURATION = Number(process.env['BENCH_DURATION'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
/** Pause before each cold request: the previous version's files are written to disk by then. */
const QUIET_MS = 1500;
// Which benchmarks to run: `warm`, `cold`, `minify` as arguments; all three without any.
const SECTIONS = ['warm', 'cold', 'minify'];
/** Run only when named: `registry` needs the npm registry npm is configured with. */
const ON_REQUEST = ['registry'];
const sections = new Set(process.argv.slice(2).length ? process.argv.slice(2) : SECTIONS);
for (const section of sections) {
  if (!SECTIONS.includes(section) && !ON_REQUEST.includes(section))
    throw new Error(`unknown benchmark ${section}: choose among ${[...SECTIONS, ...ON_REQUEST].join(', ')}`);
}
const root = path.resolve(import.meta.dirname, '..', '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cdn-'));
// nginx's workers run as an unprivileged user: they must be able to read the document root.
fs.chmodSync(work, 0o755);

const fmt = (n: number, digits = 1): string => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const row = (label: string, ours: string, reference: string, ratio: string): void =>
  console.log(`${label.padEnd(44)} ${ours.padStart(16)} ${reference.padStart(16)} ${ratio.padStart(8)}`);
const header = (title: string, referenceName: string): void => {
  console.log(`\n${title}`);
  row('', 'ours', referenceName, 'ratio');
};

/** Time to the response headers, then the body is drained; milliseconds. */
function timeToFirstByte(url: string, agent?: http.Agent): Promise<{ ms: number; wholeMs: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent: agent ?? false }, (response) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ ms, wholeMs: Number(process.hrtime.bigint() - started) / 1e6, status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

interface Child {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** Workers on each side of the warm-file benchmark: every core, as `npm start` runs the CDN. */
const WORKERS = Number(process.env['BENCH_WORKERS'] ?? os.availableParallelism());

function startCdn(registry: FixtureRegistry | string, workers = 1, dataDir = 'cdn-data'): Promise<Child> {
  return startChild(['--import', 'tsx', path.join(import.meta.dirname, 'cdnServer.ts')], {
    SKYLIFT_NPM_REGISTRY: typeof registry === 'string' ? registry : registry.url,
    SKYLIFT_DATA_DIR: path.join(work, dataDir),
    SKYLIFT_GITHUB_API: 'http://127.0.0.1:1',
    SKYLIFT_GITHUB_ARCHIVE: 'http://127.0.0.1:1',
    BENCH_CDN_WORKERS: String(workers),
  });
}

/** Starts a server script in its own process; it prints `{"url": ...}` on its first line when it listens. */
async function startChild(args: string[], env: Record<string, string> = {}): Promise<Child> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited with code ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The part of autocannon's result the report uses (autocannon ships no type declarations). */
interface LoadResult {
  requests: { average: number; total: number };
  throughput: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}

/**
 * A new connection every MAX_REQUESTS_PER_CONNECTION requests, on every side: our servers close a connection there
 * (and nginx is set to), and autocannon does not honour `Connection: close`. It writes its next request on the
 * closing connection and then counts that request's time into the next answer's, so a closing server measured at
 * 0.32 of nginx's rate on the warm file, where undici's client saw no difference.
 *
 * A round of load, with the CPU time the server's processes (`serverPid` and all below it) spent on it.
 */
async function load(url: string, serverPid: number): Promise<LoadRound> {
  const before = treeCpuMs(serverPid);
  const result = (await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    reconnectRate: MAX_REQUESTS_PER_CONNECTION,
  })) as LoadResult;
  return { result, serverCpuMs: treeCpuMs(serverPid) - before };
}

/** CPU time (user and system) of a process and its descendants, in ms. */
function treeCpuMs(rootPid: number): number {
  return [rootPid, ...descendants(rootPid).map((entry) => entry.pid)].reduce((sum, pid) => sum + cpuMs(pid), 0);
}

interface LoadRound {
  result: LoadResult;
  serverCpuMs: number;
}

interface LoadFigures {
  rps: number;
  bytesPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time of the server's processes per answered request, in µs: its cost, apart from the load tool's share of the cores. */
  cpuUsPerRequest: number;
}

/** Means over rounds: the servers take turns, so a change in machine load falls on all of them alike. */
function meanFigures(rounds: LoadRound[]): LoadFigures {
  const results = rounds.map((round) => round.result);
  const mean = (pick: (r: LoadResult) => number): number => results.reduce((sum, r) => sum + pick(r), 0) / results.length;
  const sum = (pick: (r: LoadRound) => number): number => rounds.reduce((total, r) => total + pick(r), 0);
  const answered = sum((r) => r.result.requests.total) || 1;
  return {
    rps: mean((r) => r.requests.average),
    bytesPerSecond: mean((r) => r.throughput.average),
    p50: mean((r) => r.latency.p50),
    p99: mean((r) => r.latency.p99),
    failures: results.reduce((total, r) => total + r.errors + r.non2xx, 0),
    cpuUsPerRequest: (sum((r) => r.serverCpuMs) * 1000) / answered,
  };
}

async function warmFile(registry: FixtureRegistry): Promise<void> {
  // Its own CDN, with a worker per core; the other benchmarks use the one-process CDN.
  const cdn = await startCdn(registry, WORKERS);
  try {
    // A file answered from memory from its first request, and a larger one the CDN keeps in memory only once it
    // is asked for again (up to 4 MB; larger files are streamed from disk with a descriptor of their own each time).
    await warmFileAgainst(cdn, registry, { number: '1', name: 'bench-warm', bytes: 100 * 1024 });
    await warmFileAgainst(cdn, registry, { number: '1b', name: 'bench-warm-large', bytes: 2 * 1024 * 1024 });
  } finally {
    await cdn.stop();
  }
}

async function warmFileAgainst(cdn: Child, registry: FixtureRegistry, file: { number: string; name: string; bytes: number }): Promise<void> {
  const { url: cdnUrl, pid: cdnPid } = cdn;
  const content = libraryJs(file.bytes, file.name);
  registry.publish(
    file.name,
    '1.0.0',
    { 'package.json': JSON.stringify({ name: file.name, version: '1.0.0', main: 'dist/file.js' }), 'dist/file.js': content },
    { tags: ['latest'] },
  );
  const ours = `${cdnUrl}/npm/${file.name}@1.0.0/dist/file.js`;
  const first = await timeToFirstByte(ours);
  if (first.status !== 200) throw new Error(`the CDN answered ${first.status} for ${ours}`);
  header(
    `${file.number}. Warm ${fmt(content.length / 1024, 0)} KB file${file.bytes > 512 * 1024 ? ' (kept in memory from its second request)' : ''}, ${WORKERS} worker${WORKERS === 1 ? '' : 's'} on each side, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each (autocannon)`,
    'nginx',
  );
  const nginxBinary = ensureNginx();
  const docroot = path.join(work, `nginx-root-${file.name}`);
  fs.mkdirSync(docroot, { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(docroot, 'file.js'), content, { mode: 0o644 });
  const nginx = nginxBinary ? await startNginx(nginxBinary, docroot, path.join(work, `nginx-${file.name}`), WORKERS) : null;
  // What Node's http module alone reaches here, for scale: the same bytes from memory, nothing else.
  const baseline = await startChild([path.join(import.meta.dirname, 'nodeBaseline.mjs'), path.join(docroot, 'file.js')], {
    BENCH_CDN_WORKERS: String(WORKERS),
  });
  const runs = { ours: [] as LoadRound[], nginx: [] as LoadRound[], bare: [] as LoadRound[] };
  try {
    // A short unmeasured run on each first: every worker past its start-up work (JIT, loading its databases).
    for (const url of [ours, nginx ? `${nginx.url}/file.js` : null, baseline.url]) {
      if (url) await autocannon({ url, connections: CONNECTIONS, duration: 2, pipelining: 1, reconnectRate: MAX_REQUESTS_PER_CONNECTION });
    }
    for (let round = 0; round < ROUNDS; round++) {
      runs.ours.push(await load(ours, cdnPid));
      if (nginx) runs.nginx.push(await load(`${nginx.url}/file.js`, nginx.pid));
      runs.bare.push(await load(baseline.url, baseline.pid));
    }
  } finally {
    await nginx?.stop();
    await baseline.stop();
  }
  const o = meanFigures(runs.ours);
  const n = nginx ? meanFigures(runs.nginx) : null;
  const b = meanFigures(runs.bare);
  const ratio = (a: number, ref: number | undefined): string => (ref ? fmt(a / ref, 2) : 'n/a');
  const refText = (value: number | undefined, digits = 0): string => (value === undefined ? 'n/a' : fmt(value, digits));
  row('requests per second (mean)', fmt(o.rps, 0), refText(n?.rps), ratio(o.rps, n?.rps));
  row('throughput, MB/s (mean)', fmt(o.bytesPerSecond / 1e6), refText(n ? n.bytesPerSecond / 1e6 : undefined, 1), ratio(o.bytesPerSecond, n?.bytesPerSecond));
  row('latency p50, ms', fmt(o.p50, 2), refText(n?.p50, 2), ratio(o.p50, n?.p50));
  row('latency p99, ms', fmt(o.p99, 2), refText(n?.p99, 2), ratio(o.p99, n?.p99));
  row('errors + non-2xx', String(o.failures), n ? String(n.failures) : 'n/a', '');
  row(
    'server CPU per request, µs (all its processes)',
    fmt(o.cpuUsPerRequest, 1),
    refText(n?.cpuUsPerRequest, 1),
    ratio(o.cpuUsPerRequest, n?.cpuUsPerRequest),
  );
  row('for scale: bare Node http from memory, req/s', fmt(b.rps, 0), refText(n?.rps), ratio(b.rps, n?.rps));
  row('  its latency p99, ms', fmt(b.p99, 2), refText(n?.p99, 2), ratio(b.p99, n?.p99));
  row('  its CPU per request, µs', fmt(b.cpuUsPerRequest, 1), refText(n?.cpuUsPerRequest, 1), ratio(b.cpuUsPerRequest, n?.cpuUsPerRequest));
  row('ours / bare Node', '', '', fmt(o.rps / b.rps, 2));
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
  // The tarball alone, fetched by a client past its first request (whose loading of the HTTP client would be counted
  // otherwise), the same way the CDN's figures are taken: the best of three whole downloads.
  const tarballUrl = `${registry.url}${registry.tarballPath('bench-cold', '1.0.0')}`;
  await timeToFirstByte(tarballUrl);
  const downloads = [await timeToFirstByte(tarballUrl), await timeToFirstByte(tarballUrl), await timeToFirstByte(tarballUrl)];
  const direct = { ms: Math.min(...downloads.map((d) => d.ms)) };
  const directFull = Math.min(...downloads.map((d) => d.wholeMs));
  // The first request a process serves also pays for its start-up (compiling code, loading the IP-to-country
  // table in a thread): measured apart, on another package of the same shape, so that the cold row is the package's.
  publishLargePackage(registry, 'bench-first');
  const first = await timeToFirstByte(`${cdnUrl}/npm/bench-first@1.0.0/index.js`);
  // Then each never-seen version on a quiet server (the previous one written to disk), best of three as the
  // tarball's figure is: `index.js` is the archive's last entry (npm packs files sorted by path), so its first
  // byte waits for the whole download; `data/blob-0.bin` is its first.
  const best = async (name: string, file: string): Promise<number> => {
    const samples: number[] = [];
    for (let i = 1; i <= 3; i++) {
      publishLargePackage(registry, `${name}-${i}`);
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      samples.push((await timeToFirstByte(`${cdnUrl}/npm/${name}-${i}@1.0.0/${file}`)).ms);
    }
    return Math.min(...samples);
  };
  const cold = await best('bench-cold', 'index.js');
  const coldStart = await best('bench-start', 'data/blob-0.bin');
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const warm = await timeToFirstByte(`${cdnUrl}/npm/bench-cold-1@1.0.0/index.js`);
  row('time to first byte, cold, last file (ms)', fmt(cold), fmt(directFull), fmt(cold / directFull, 2));
  row('  the same, first file of the archive (ms)', fmt(coldStart), fmt(directFull), fmt(coldStart / directFull, 2));
  row('  last file, as the first request the process serves (ms)', fmt(first.ms), '', fmt(first.ms / directFull, 2));
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

/** A real, widely used 500 kB source, available offline: lodash's unminified build. */
function realSource(): { name: string; code: string } {
  const file = createRequire(path.join(root, 'package.json')).resolve('lodash/lodash.js');
  const version = (JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'package.json'), 'utf8')) as { version: string }).version;
  return { name: `lodash@${version}/lodash.js`, code: fs.readFileSync(file, 'utf8') };
}

/** terser as the server used it before (compress, mangle, source map with the sources), for reference. */
async function terserReference(code: string): Promise<{ ms: number; code: string }> {
  const started = process.hrtime.bigint();
  const result = await terserMinify(
    { 'lib.js': code },
    { compress: true, mangle: true, format: { comments: /^!|@preserve|@license|@cc_on/i }, sourceMap: { url: 'lib.min.js.map', includeSources: true } },
  );
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, code: result.code ?? '' };
}

const gzipSize = (text: string | Buffer): number => zlib.gzipSync(text, { level: 9 }).length;

/** Body of a response, as text. */
function fetchBody(url: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function minification(cdnUrl: string, registry: FixtureRegistry): Promise<void> {
  const { name, code: source } = realSource();
  header(`3. Generated .min.js of a ${fmt(source.length / 1000, 0)} kB source (${name})`, 'terser');
  registry.publish(
    'bench-min',
    '1.0.0',
    { 'package.json': JSON.stringify({ name: 'bench-min', version: '1.0.0', main: 'lib.js' }), 'lib.js': source, 'tiny.js': 'export const tiny = 1;\n' },
    { tags: ['latest'] },
  );
  await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/package.json`); // fetch and extract first: measure minification only
  // A small generated file first: the minifying thread has started, as on a server that has been running.
  await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/tiny.min.js`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.js`, agent);
  // While the file is generated, another client keeps asking for a stored file: its slowest answer shows
  // whether the serving thread was held up.
  const other = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let generating = true;
  const meanwhile: number[] = [];
  const poller = (async () => {
    while (generating) meanwhile.push((await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/package.json`, other)).ms);
  })();
  const generated = await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.min.js`, agent);
  generating = false;
  await poller;
  other.destroy();
  const ours = await fetchBody(`${cdnUrl}/npm/bench-min@1.0.0/lib.min.js`, agent);
  const map = await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.min.js.map`, agent);
  const reference = await terserReference(source);
  // Ours carries a banner; the reference gets the same one, so the sizes compare the minified code alone.
  const banner = ours.slice(0, ours.indexOf('*/\n') + 3);
  const referenceBody = `${banner}${reference.code}`;
  // Warm figures interleaved, so both see the same machine load.
  const storedWarm: number[] = [];
  const generatedWarm: number[] = [];
  for (let i = 0; i < 20; i++) {
    storedWarm.push((await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.js`, agent)).ms);
    generatedWarm.push((await timeToFirstByte(`${cdnUrl}/npm/bench-min@1.0.0/lib.min.js`, agent)).ms);
  }
  // Ours is the whole first request (read, minify in a thread, store, answer); terser is the minifier alone.
  row('time, ms (ours: first request, first byte)', fmt(generated.ms), fmt(reference.ms), fmt(generated.ms / reference.ms, 2));
  row(
    'size, minified (bytes)',
    fmt(Buffer.byteLength(ours), 0),
    fmt(Buffer.byteLength(referenceBody), 0),
    fmt(Buffer.byteLength(ours) / Buffer.byteLength(referenceBody), 3),
  );
  row('size, minified, gzip -9 (bytes)', fmt(gzipSize(ours), 0), fmt(gzipSize(referenceBody), 0), fmt(gzipSize(ours) / gzipSize(referenceBody), 3));
  row('  source gzip -9 (bytes)', fmt(gzipSize(source), 0), '', '');
  row('source map', map.status === 200 ? `${fmt(map.bytes / 1000, 0)} kB` : `HTTP ${map.status}`, '', '');
  row('another client meanwhile: requests, slowest (ms)', `${meanwhile.length}, ${fmt(Math.max(...meanwhile))}`, '', '');
  row('first byte, warm (median of 20, ms)', fmt(median(generatedWarm), 2), '', '');
  row('  the stored original, warm (median of 20, ms)', fmt(median(storedWarm), 2), '', '');
  agent.destroy();
}

async function fromRealRegistry(): Promise<void> {
  const upstream = configuredRegistry();
  header('4. Never-seen versions of real packages from the configured npm registry (fresh CDN, one Node process)', 'tarball alone');
  const cdn = await startCdn(upstream, 1, 'cdn-real');
  try {
    const rows = await measureRealCold(cdn.url, upstream);
    for (const [i, r] of rows.entries()) {
      const label = `${r.spec} (${fmt(r.files, 0)} files, ${fmt(r.tarballBytes / 1e6, 2)} MB)${i === 0 ? ', first request' : ''}`;
      row(label, r.status === 200 ? fmt(r.cdnFirstByteMs, 0) : `HTTP ${r.status}`, fmt(r.tarballMs, 0), fmt(r.cdnFirstByteMs / r.tarballMs, 1));
    }
  } finally {
    await cdn.stop();
  }
}

const registry = await startFixtureRegistry();
try {
  console.log(`Fixture registry: ${registry.url}`);
  if (sections.has('warm')) await warmFile(registry);
  if (sections.has('cold') || sections.has('minify')) {
    const cdn = await startCdn(registry);
    try {
      console.log(`\nCDN under test: ${cdn.url} (one Node process)`);
      if (sections.has('cold')) await coldPackage(cdn.url, registry);
      if (sections.has('minify')) await minification(cdn.url, registry);
    } finally {
      await cdn.stop();
    }
  }
  if (sections.has('registry')) await fromRealRegistry();
} finally {
  await registry.close();
  fs.rmSync(work, { recursive: true, force: true });
}

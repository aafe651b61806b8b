/**
 * Statistics benchmark: ingest rate of request-log lines into SQLite and PostgreSQL, then the latency (p50,
 * p99) of the data API endpoints the statistics pages call with all of them ingested, beside the same
 * questions asked directly of a raw request table without roll-ups (the reference).
 *
 *   node --import tsx bench/data/run.ts [--lines 1000000] [--iterations 30] [--engines sqlite,postgres] [--ingest-only]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildDataApp } from '../../server/src/data/app.ts';
import { Ingester } from '../../server/src/stats/ingester.ts';
import type { RequestLogLine } from '../../server/src/requestlog/reader.ts';
import { addDays, isoDay } from '../../server/src/stats/periods.ts';
import type { SqlEngine } from '../../server/src/stats/sql/engine.ts';
import { openStatsStore, type StatsStore } from '../../server/src/stats/store.ts';
import { startPostgresCluster, type PostgresCluster } from '../../server/src/stats/testing/postgresCluster.ts';
import { appendLogLines } from '../../server/src/stats/testing/requestLogFixture.ts';
import { catalogPath, readCatalog } from '../../server/src/packages/npm/npmCatalog.ts';
import { seededRandom } from '../../server/src/stats/traffic/seededRandom.ts';
import { COUNTRIES, PROVIDERS, USER_AGENTS, weightedPicker } from '../../server/src/stats/traffic/plan.ts';
import { parseUserAgent } from '../../server/src/stats/userAgent.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string' },
    iterations: { type: 'string' },
    engines: { type: 'string' },
    days: { type: 'string' },
    'ingest-only': { type: 'boolean' },
  },
});
const INGEST_ONLY = values['ingest-only'] ?? false;
const LINES = Number(values.lines ?? 1_000_000);
const ITERATIONS = Number(values.iterations ?? 30);
const DAYS = Number(values.days ?? 60);
const ENGINES = (values.engines ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;

// ---- a log like the CDN writes, for popular packages over the last DAYS days --------------------------

function generateLog(projectRoot: string, logDir: string): number {
  const catalog = readCatalog(catalogPath(projectRoot)).slice(0, 5000);
  const random = seededRandom(2026);
  const pickPackage = weightedPicker(
    catalog.map((e) => [e, Math.max(1, e.downloads)] as const),
    random,
  );
  const pickAgent = weightedPicker(USER_AGENTS, random);
  const pickProvider = weightedPicker(PROVIDERS, random);
  const pickCountry = weightedPicker(COUNTRIES, random);
  const files = ['/dist/index.min.js', '/package.json', '/README.md', '/dist/style.css', '/index.js'];
  const today = isoDay(new Date());
  const chunk: RequestLogLine[] = [];
  for (let i = 0; i < LINES; i++) {
    const entry = pickPackage();
    const day = addDays(today, -Math.floor(random() * DAYS));
    const minor = Math.floor(random() * 3);
    chunk.push({
      v: 1,
      t: `${day}T${String(Math.floor(random() * 24)).padStart(2, '0')}:00:00.000Z`,
      type: 'npm',
      name: entry.name,
      version: minor === 0 ? entry.version : `${entry.version.split('.')[0]}.${minor}.0`,
      kind: 'version',
      file: files[Math.floor(random() * files.length)]!,
      status: random() < 0.02 ? 404 : 200,
      bytes: 200 + Math.floor(random() * 20_000),
      provider: pickProvider(),
      country: pickCountry(),
      ua: pickAgent(),
      proxy: null,
    });
    if (chunk.length === 50_000) appendLogLines(logDir, chunk.splice(0));
  }
  appendLogLines(logDir, chunk.splice(0));
  return LINES;
}

// ---- the reference: one raw row per request, queried without roll-ups --------------------------------

const RAW_SCHEMA = `CREATE TABLE IF NOT EXISTS raw_request (
  day TEXT NOT NULL, type TEXT NOT NULL, name TEXT, version TEXT, file TEXT, status INTEGER NOT NULL, bytes BIGINT NOT NULL,
  provider TEXT NOT NULL, country TEXT NOT NULL, browser TEXT NOT NULL, platform TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS raw_request_day ON raw_request (day);
CREATE INDEX IF NOT EXISTS raw_request_name ON raw_request (name, day)`;

async function loadRaw(engine: SqlEngine, logDir: string): Promise<void> {
  await engine.exec(RAW_SCHEMA);
  for (const file of fs.readdirSync(logDir).sort()) {
    const lines = fs
      .readFileSync(path.join(logDir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as RequestLogLine);
    // One transaction per day file: loading the reference should not be timed by commits.
    await engine.transaction(async (tx) => {
      for (let i = 0; i < lines.length; i += 500) {
        const rows = lines.slice(i, i + 500);
        const params = rows.flatMap((l) => {
          const c = parseUserAgent(l.ua);
          return [l.t.slice(0, 10), l.type, l.name, l.version, l.file, l.status, l.bytes, l.provider ?? 'OR', l.country ?? '', c.browser, c.platform];
        });
        await tx.run(`INSERT INTO raw_request VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`, params);
      }
    });
  }
}

/** The questions of the statistics page, asked of the raw table. */
function rawQueries(from: string, to: string, topName: string): Record<string, Array<[string, Array<string | number>]>> {
  const perPackage = `SELECT type, name, COUNT(*) AS hits, SUM(bytes) AS bandwidth FROM raw_request WHERE day BETWEEN ? AND ? AND status < 400 GROUP BY type, name`;
  return {
    'top packages (month)': [
      [
        `SELECT type, name, COUNT(*) AS hits, SUM(bytes) AS bandwidth FROM raw_request WHERE day BETWEEN ? AND ? AND status < 400 GROUP BY type, name ORDER BY hits DESC LIMIT 10`,
        [from, to],
      ],
    ],
    // The same answer as the API: the daily series plus the totals of every package for the ranks.
    'package stats (month)': [
      [
        `SELECT day, COUNT(*) AS hits, SUM(bytes) AS bandwidth FROM raw_request WHERE name = ? AND day BETWEEN ? AND ? AND status < 400 GROUP BY day`,
        [topName, from, to],
      ],
      [perPackage, [from, to]],
    ],
    'network by provider (month)': [
      [`SELECT provider, day, COUNT(*) AS hits, SUM(bytes) AS bandwidth FROM raw_request WHERE day BETWEEN ? AND ? GROUP BY provider, day`, [from, to]],
    ],
    'network by country (month)': [
      [`SELECT country, provider, COUNT(*) AS hits, SUM(bytes) AS bandwidth FROM raw_request WHERE day BETWEEN ? AND ? GROUP BY country, provider`, [from, to]],
    ],
    'browsers (month)': [[`SELECT browser, COUNT(*) AS hits FROM raw_request WHERE day BETWEEN ? AND ? GROUP BY browser ORDER BY hits DESC`, [from, to]]],
  };
}

// ---- measuring -----------------------------------------------------------------------------------

/** CPU seconds used so far by this process's main thread (the one that writes); undefined where /proc cannot tell. */
function mainThreadCpuSeconds(): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used so far by the processes of the PostgreSQL cluster listening on `port` (the server and
 * its backends, with the exited children the server has waited for); undefined where /proc cannot tell.
 */
function clusterCpuSeconds(port: string): number | undefined {
  const ticks = 100;
  let total = 0;
  let found = false;
  const cmdline = (pid: string): string => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      return '';
    }
  };
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (!stat.includes('(postgres)')) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = cmdline(pid).includes(`-p ${port}`);
    if (!own && !cmdline(fields[1]!).includes(`-p ${port}`)) continue;
    found = true;
    // utime and stime; for the server itself also cutime and cstime (its children that exited).
    total += Number(fields[11]) + Number(fields[12]) + (own ? Number(fields[13]) + Number(fields[14]) : 0);
  }
  return found ? total / ticks : undefined;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function time(run: () => Promise<unknown>): Promise<{ first: number; p50: number; p99: number }> {
  // The first call pays for statement preparation, cold pages and (for the API) filling the in-memory
  // totals of past days: reported on its own, not mixed into the percentiles.
  const firstStart = performance.now();
  await run();
  const first = performance.now() - firstStart;
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { first, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const ms = (n: number): string => `${n.toFixed(2).padStart(9)} ms`;

async function benchEngine(kind: 'sqlite' | 'postgres', projectRoot: string, logDir: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-data-${kind}-`));
  let cluster: PostgresCluster | undefined;
  let store: StatsStore | undefined;
  let app: Awaited<ReturnType<typeof buildDataApp>> | undefined;
  try {
    if (kind === 'postgres') cluster = await startPostgresCluster();
    const config = loadConfig({
      ...process.env,
      SKYLIFT_DATA_DIR: dir,
      SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
      SKYLIFT_LOG_LEVEL: 'silent',
      SKYLIFT_POSTGRES_URL: cluster?.url ?? '',
    });
    store = await openStatsStore(config);

    const port = cluster ? new URL(cluster.url).port : '';
    const serverCpu = cluster ? clusterCpuSeconds(port) : undefined;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const mainCpu = mainThreadCpuSeconds();
    const result = await new Ingester(store, { logDir }).catchUp();
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = ((c) => (c.user + c.system) / 1e6)(process.cpuUsage(cpu));
    const mainSeconds = mainCpu === undefined ? undefined : (mainThreadCpuSeconds() ?? NaN) - mainCpu;
    const serverSeconds = cluster && serverCpu !== undefined ? (clusterCpuSeconds(port) ?? NaN) - serverCpu : undefined;
    console.log(`\n== ${kind}`);
    console.log(
      `ingest: ${result.lines} lines in ${seconds.toFixed(1)} s = ${Math.round(result.lines / seconds).toLocaleString('en')} lines/s ` +
        `(this process used ${cpuSeconds.toFixed(1)} s of CPU${mainSeconds === undefined ? '' : `, ${mainSeconds.toFixed(1)} s of it in the main thread`}` +
        `${kind === 'postgres' ? `, the server used ${serverSeconds === undefined ? 'more' : `${serverSeconds.toFixed(1)} s`}` : ''})`,
    );

    const rawStarted = performance.now();
    await loadRaw(store.engine, logDir);
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    console.log(
      `reference: raw table loaded in ${rawSeconds.toFixed(1)} s = ${Math.round(LINES / rawSeconds).toLocaleString('en')} lines/s ` +
        `(one row per request, indexed by day and name); ingest/reference ${(rawSeconds / seconds).toFixed(2)}x`,
    );
    if (INGEST_ONLY) return;

    app = await buildDataApp(config, { stats: store, ingestIntervalMs: false });
    // What the service does before it listens (its reading threads start, the default periods' package totals
    // are read ahead): no request comes earlier.
    const readyStart = performance.now();
    await app.ready();
    console.log(
      `startup: the data API ready to listen in ${(performance.now() - readyStart).toFixed(1)} ms (reading threads started, package totals read ahead)`,
    );
    const coldStart = performance.now();
    const [top] = (await app.inject('/v1/stats/packages?period=month&limit=1')).json() as Array<{ name: string }>;
    console.log(`cold: the first top-packages call after startup ${(performance.now() - coldStart).toFixed(1)} ms`);
    const topName = top?.name ?? 'semver';
    const endpoints: Array<[string, string]> = [
      ['periods', '/v1/stats/periods'],
      ['top packages (month)', '/v1/stats/packages?period=month&limit=10'],
      ['package stats (month)', `/v1/stats/packages/npm/${topName}?period=month`],
      ['package versions (month)', `/v1/stats/packages/npm/${topName}/versions?period=month&limit=10`],
      ['network by provider (month)', '/v1/stats/network?period=month'],
      ['network by country (month)', '/v1/stats/network/countries?period=month'],
      ['network content (month)', '/v1/stats/network/content?period=month'],
      ['browsers (month)', `/v1/stats/browsers?period=${isoDay(new Date()).slice(0, 7)}`],
      ['platforms (month)', `/v1/stats/platforms?period=${isoDay(new Date()).slice(0, 7)}`],
    ];
    const today = isoDay(new Date());
    const reference = rawQueries(addDays(today, -29), today, topName);
    console.log(
      `${'endpoint'.padEnd(30)} ${'API first'.padStart(12)} ${'API p50'.padStart(12)} ${'API p99'.padStart(12)} ${'raw p50'.padStart(12)} ${'raw p99'.padStart(12)}  speed-up (p50)`,
    );
    for (const [label, url] of endpoints) {
      const api = await time(async () => {
        const response = await app!.inject(url);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      });
      const queries = reference[label];
      const raw = queries
        ? await time(async () => {
            for (const [sql, params] of queries) await store!.engine.all(sql, params);
          })
        : undefined;
      console.log(
        `${label.padEnd(30)} ${ms(api.first)} ${ms(api.p50)} ${ms(api.p99)} ${raw ? `${ms(raw.p50)} ${ms(raw.p99)}  ${(raw.p50 / api.p50).toFixed(1)}x` : `${'-'.padStart(12)} ${'-'.padStart(12)}`}`,
      );
    }
  } finally {
    await app?.close();
    await store?.close().catch(() => undefined);
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const projectRoot = loadConfig({ SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9' }).projectRoot;
const logRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-log-'));
const logDir = path.join(logRoot, 'request-log');
try {
  const started = performance.now();
  generateLog(projectRoot, logDir);
  console.log(
    `generated ${LINES.toLocaleString('en')} request-log lines over ${DAYS} days in ${((performance.now() - started) / 1000).toFixed(1)} s; ${ITERATIONS} timed runs per query`,
  );
  for (const engine of ENGINES) await benchEngine(engine, projectRoot, logDir);
} finally {
  fs.rmSync(logRoot, { recursive: true, force: true });
}

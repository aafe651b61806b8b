/**
 * Search latency over the 20,000-package catalog: p50/p99 of a realistic query set (type-ahead prefixes,
 * popular names, typos, descriptions, the website's filters, paging, the empty query), answered by the
 * SQLite index, by the whole HTTP handler (app.inject, JSON included), and by a linear scan over the same
 * records as the reference. Then the same queries as the index grows: the catalog plus each number of
 * synthetic records, with the index's build time, size on disk and warm-up time.
 *
 *   node --import tsx bench/search/run.ts [--rounds 20] [--sizes 200000,2000000] [--keep DIR]   (--sizes '' for the catalog only)
 *
 * `--keep DIR` keeps each size's index in DIR and uses it again in later runs (the records are the same:
 * the generator is seeded), so that measuring a change to the query code at 2 million records takes
 * minutes rather than the twenty of a build. Such a run prints the build time as "kept".
 *
 * The index is queried on this thread, which runs itself again with the young generation of the service's
 * query threads (`QUERY_THREAD_SEMI_SPACE_MB`): at millions of packages its collections decide the p99.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildSearchApp } from '../../server/src/search/app.ts';
import { parseFacetFilters, FACET_ATTRIBUTES, facetValue, type FacetFilterGroups } from '../../server/src/search/facets.ts';
import { acquireSearchIndex, releaseSearchIndex, searchIndexFile } from '../../server/src/search/indexer.ts';
import { bootstrapFromCatalog } from '../../server/src/search/bootstrap.ts';
import { catalogPath } from '../../server/src/packages/npm/npmCatalog.ts';
import { catalogRecords } from '../../server/src/search/catalog.ts';
import { SearchIndex } from '../../server/src/search/index.ts';
import { QUERY_THREAD_SEMI_SPACE_MB } from '../../server/src/search/queryPool.ts';
import { syntheticRecords } from './synthetic.ts';
import { normalizeName, type SearchRecord } from '../../server/src/search/record.ts';
import { wordsOf } from '../../server/src/search/text.ts';

interface BenchQuery {
  query: string;
  facetFilters?: unknown[];
  page?: number;
}

const TYPED = ['react', 'lodash', 'express', 'typescript', 'vue', 'bootstrap', 'jquery', 'axios', 'moment', 'webpack'];
const QUERIES: BenchQuery[] = [
  // Type-ahead: every prefix of popular names, as the compact search sends them.
  ...TYPED.flatMap((name) => Array.from({ length: name.length }, (_, i) => ({ query: name.slice(0, i + 1) }))),
  // Names, scoped names, several words, descriptions.
  ...[
    '@babel/core',
    'react dom',
    'react-router-dom',
    'date format',
    'css framework',
    'http client',
    'markdown parser',
    'chart',
    'uuid',
    'font awesome',
    'eslint plugin',
    'test runner',
    'color',
    'tailwind',
    'three',
  ].map((query) => ({ query })),
  // Typos.
  ...['recat', 'lodahs', 'expres', 'typscript', 'axois', 'bootsrap', 'jqeury', 'momnet'].map((query) => ({ query })),
  // The website's filters: author, type and style.
  { query: 'react', facetFilters: ['moduleTypes:esm'] },
  { query: 'icons', facetFilters: ['styleTypes:-none'] },
  { query: '', facetFilters: ['moduleTypes:-none'] },
  { query: 'parser', facetFilters: ['owner.name:sindresorhus'] },
  { query: 'util', facetFilters: [['moduleTypes:esm', 'moduleTypes:cjs']] },
  // Paging and the landing state.
  { query: 'react', page: 3 },
  { query: 'plugin', page: 10 },
  { query: '' },
  { query: '', page: 50 },
  // Nothing to find, and characters with meaning to full-text syntax.
  { query: 'zqxjwvkp' },
  { query: '"react" OR (vue*) -angular:' },
];

const HITS_PER_PAGE = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
  /** Processor time of this process per query (median and 99th percentile): what the work costs, whatever else runs on the machine. */
  cpuP50: number;
  cpuP99: number;
}

function summarise(wall: number[], cpu: number[]): Figures {
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(wall, 50), p99: percentile(wall, 99), max: wall.at(-1)!, cpuP50: percentile(cpu, 50), cpuP99: percentile(cpu, 99) };
}

function measure(rounds: number, run: (query: BenchQuery) => unknown, perQuery?: Map<BenchQuery, number[]>): Figures {
  for (const query of QUERIES) run(query); // warm statements and caches
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of QUERIES) {
      const cpuStart = process.cpuUsage();
      const started = process.hrtime.bigint();
      run(query);
      wall.push(Number(process.hrtime.bigint() - started) / 1e6);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      perQuery?.set(query, [...(perQuery.get(query) ?? []), cpu.at(-1)!]);
    }
  }
  return summarise(wall, cpu);
}

async function measureAsync(rounds: number, run: (query: BenchQuery) => Promise<unknown>): Promise<Figures> {
  for (const query of QUERIES) await run(query);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const query of QUERIES) {
      const cpuStart = process.cpuUsage();
      const started = process.hrtime.bigint();
      await run(query);
      wall.push(Number(process.hrtime.bigint() - started) / 1e6);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  return summarise(wall, cpu);
}

function slowestQueries(perQuery: Map<BenchQuery, number[]>): string {
  return [...perQuery.entries()]
    .map(([query, samples]) => ({ query, median: samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]! }))
    .sort((a, b) => b.median - a.median)
    .slice(0, 8)
    .map(
      ({ query, median }) =>
        `${JSON.stringify(query.query)}${query.facetFilters ? ` ${JSON.stringify(query.facetFilters)}` : ''}${query.page ? ` page ${query.page}` : ''} ${median.toFixed(2)} ms`,
    )
    .join(', ');
}

/** What the linear scan keeps of a record: its text, name, popularity and facet values. */
interface ScanEntry {
  name: string;
  haystack: string;
  nameNorm: string;
  popularity: number;
  /** `attribute\u0000value` of every facet value. */
  facets: Set<string>;
}

function scanEntry(record: SearchRecord): ScanEntry {
  const facets = new Set<string>();
  for (const [attribute, read] of Object.entries(FACET_ATTRIBUTES)) {
    for (const value of read(record)) if (value !== null) facets.add(`${attribute}\u0000${facetValue(value)}`);
  }
  return {
    name: record.name,
    haystack: `${record.name} ${record.description} ${record.keywords.join(' ')} ${record.owner.name}`.toLowerCase(),
    nameNorm: normalizeName(record.name),
    popularity: record.downloads + record.jsDelivrHits,
    facets,
  };
}

/** The reference: every record tested in turn, substring matching over the same fields, most used first. */
function linearScan(entries: ScanEntry[]): (query: BenchQuery) => string[] {
  const passes = (entry: ScanEntry, groups: FacetFilterGroups): boolean =>
    groups.every((group) => group.some((filter) => entry.facets.has(`${filter.attribute}\u0000${facetValue(filter.value)}`) !== filter.negated));
  return ({ query, facetFilters, page = 0 }) => {
    const words = wordsOf(query);
    const groups = parseFacetFilters(facetFilters);
    const target = normalizeName(query);
    const hits = entries.filter((entry) => words.every((word) => entry.haystack.includes(word)) && passes(entry, groups));
    hits.sort((a, b) => Number(b.nameNorm === target) - Number(a.nameNorm === target) || b.popularity - a.popularity);
    return hits.slice(page * HITS_PER_PAGE, (page + 1) * HITS_PER_PAGE).map((entry) => entry.name);
  };
}

const out = (line: string): boolean => process.stdout.write(`${line}\n`);
const ms = (n: number): string => `${n.toFixed(3).padStart(9)} ms`;

/** The index's file with its write-ahead log and shared memory, in MB. */
function sizeOnDisk(file: string): number {
  return ['', '-wal', '-shm'].reduce((sum, suffix) => sum + (fs.existsSync(file + suffix) ? fs.statSync(file + suffix).size : 0), 0) / 1e6;
}

interface SizeFigures {
  records: number;
  /** Whether the index was one kept by an earlier run (`--keep`): then it was not built, and buildS is only its opening. */
  kept: boolean;
  buildS: number;
  diskMb: number;
  warmS: number;
  index: Figures;
  scan: Figures;
}

/** The number of packages an index file kept by an earlier run holds, or 0 when there is none. */
function keptCount(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const index = new SearchIndex(file);
  try {
    return index.count();
  } finally {
    index.close();
  }
}

/**
 * The catalog plus `count` synthetic records, built with the index's own writes, in batches of one
 * transaction; or, when `dataDir` already holds that index (`--keep`), opened as it is.
 */
function growIndex(dataDir: string, catalogFile: string, count: number, rounds: number): SizeFigures {
  const config = { dataDir };
  const file = searchIndexFile(config);
  const real = catalogRecords(catalogFile);
  const entries = real.map(scanEntry);
  const kept = keptCount(file) === real.length + count;
  if (kept) {
    process.stderr.write(`  using the index kept in ${dataDir}\n`);
    for (const record of syntheticRecords(real, count)) entries.push(scanEntry(record));
  } else fs.rmSync(dataDir, { recursive: true, force: true });
  const started = performance.now();
  const index = new SearchIndex(file);
  if (!kept) buildIndex(index, catalogFile, real, count, entries, started);
  const buildS = (performance.now() - started) / 1000;
  const diskMb = sizeOnDisk(file);
  try {
    return { ...measureGrown(index, entries, rounds), buildS, diskMb, kept };
  } finally {
    index.close();
  }
}

function buildIndex(index: SearchIndex, catalogFile: string, real: SearchRecord[], count: number, entries: ScanEntry[], started: number): void {
  bootstrapFromCatalog(index, catalogFile, () => undefined);
  const records = syntheticRecords(real, count);
  const BATCH = 10_000;
  let added = 0;
  let done = false;
  while (!done) {
    index.transaction(() => {
      for (let i = 0; i < BATCH; i++) {
        const next = records.next();
        if (next.done) {
          done = true;
          return;
        }
        index.upsert(next.value, 'document');
        entries.push(scanEntry(next.value));
        added++;
      }
    });
    if ((added % 100_000 === 0 && !done) || (done && added % 100_000 !== 0) || (done && added === 0)) {
      const elapsed = (performance.now() - started) / 1000;
      process.stderr.write(`  built ${added.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} synthetic records in ${elapsed.toFixed(0)} s\n`);
    }
  }
  index.db.pragma('wal_checkpoint(TRUNCATE)');
}

/** Warm-up, then the queries through the index and through the linear scan over the same records. */
function measureGrown(index: SearchIndex, entries: ScanEntry[], rounds: number): Pick<SizeFigures, 'records' | 'warmS' | 'index' | 'scan'> {
  const warmStarted = performance.now();
  index.warm();
  const warmS = (performance.now() - warmStarted) / 1000;
  process.stderr.write(`  measuring ${entries.length.toLocaleString('en-US')} records\n`);
  // Fewer rounds as the index grows, so a run stays minutes long; never fewer than five (the scan: one).
  const scale = Math.min(1, 20_000 / entries.length);
  const perQuery = new Map<BenchQuery, number[]>();
  const figures = measure(
    Math.max(5, Math.round(rounds * scale)),
    ({ query, facetFilters, page = 0 }) => index.search({ query, page, hitsPerPage: HITS_PER_PAGE, facetFilters: parseFacetFilters(facetFilters) }),
    perQuery,
  );
  process.stderr.write(`  slowest queries (index, cpu median): ${slowestQueries(perQuery)}\n`);
  const estimated = QUERIES.filter(
    ({ query, facetFilters, page = 0 }) => !index.search({ query, page, hitsPerPage: HITS_PER_PAGE, facetFilters: parseFacetFilters(facetFilters) }).exhaustive,
  ).length;
  process.stderr.write(`  nbHits estimated (exhaustiveNbHits false) for ${estimated} of ${QUERIES.length} queries\n`);
  const scan = measure(Math.max(1, Math.round(rounds * scale)), linearScan(entries));
  return { records: entries.length, warmS, index: figures, scan };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '20' }, sizes: { type: 'string', default: '200000,2000000' }, keep: { type: 'string' } },
  });
  const rounds = Number(values.rounds);
  const sizes = values.sizes.split(',').filter(Boolean).map(Number);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  const config = loadConfig({
    ...process.env,
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_LOG_LEVEL: 'silent',
    SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
    SKYLIFT_CHANGES_FEED_URL: '',
  });
  try {
    const bootStarted = performance.now();
    const app = await buildSearchApp(config);
    const bootMs = performance.now() - bootStarted;
    const index = acquireSearchIndex(config);
    const records = index.db
      .prepare<[], { record: string }>('SELECT record FROM packages')
      .all()
      .map((row) => JSON.parse(row.record) as SearchRecord);

    const perQuery = new Map<BenchQuery, number[]>();
    const viaIndex = measure(
      rounds,
      ({ query, facetFilters, page = 0 }) => index.search({ query, page, hitsPerPage: HITS_PER_PAGE, facetFilters: parseFacetFilters(facetFilters) }),
      perQuery,
    );
    const headers = { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey, 'content-type': 'text/plain' };
    const viaHttp = await measureAsync(rounds, ({ query, facetFilters, page = 0 }) =>
      app.inject({
        method: 'POST',
        url: '/1/indexes/*/queries',
        headers,
        payload: JSON.stringify({
          requests: [{ indexName: config.search.indexName, query, page, hitsPerPage: HITS_PER_PAGE, facetFilters, attributesToHighlight: [] }],
        }),
      }),
    );
    const viaScan = measure(rounds, linearScan(records.map(scanEntry)));

    const rows = [
      ['SQLite FTS5 index', viaIndex],
      ['HTTP handler (app.inject)', viaHttp],
      ['linear scan (reference)', viaScan],
    ] as const;
    out(`Search latency: ${records.length} packages, ${QUERIES.length} queries x ${rounds} rounds, ${HITS_PER_PAGE} hits per page`);
    out(`Index bootstrapped from the catalog in ${(bootMs / 1000).toFixed(2)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
    out('');
    out(`${'answered by'.padEnd(28)}${'p50'.padStart(12)}${'p99'.padStart(12)}${'max'.padStart(12)}${'cpu p50'.padStart(12)}${'cpu p99'.padStart(12)}`);
    for (const [label, f] of rows) out(`${label.padEnd(28)}${ms(f.p50)}${ms(f.p99)}${ms(f.max)}${ms(f.cpuP50)}${ms(f.cpuP99)}`);
    out('');
    out(
      `ratio, linear scan / index: p50 ${(viaScan.p50 / viaIndex.p50).toFixed(1)}x, p99 ${(viaScan.p99 / viaIndex.p99).toFixed(1)}x (cpu: p50 ${(viaScan.cpuP50 / viaIndex.cpuP50).toFixed(1)}x, p99 ${(viaScan.cpuP99 / viaIndex.cpuP99).toFixed(1)}x)`,
    );
    out(`slowest queries (index, cpu median): ${slowestQueries(perQuery)}`);
    out(`target: p99 well under 10 ms (index p99 ${viaIndex.p99.toFixed(2)} ms wall, ${viaIndex.cpuP99.toFixed(2)} ms cpu)`);
    const catalogDisk = sizeOnDisk(searchIndexFile(config));
    releaseSearchIndex(config);
    await app.close();

    if (sizes.length === 0) return;
    out('');
    out(`As the index grows: the ${records.length.toLocaleString('en-US')} catalog packages plus synthetic records (bench/search/synthetic.ts)`);
    const grown: SizeFigures[] = [];
    for (const count of sizes) {
      process.stderr.write(`Building the catalog plus ${count.toLocaleString('en-US')} synthetic records\n`);
      const dir = values.keep ? path.resolve(values.keep, `size-${count}`) : fs.mkdtempSync(path.join(os.tmpdir(), 'search-bench-size-'));
      try {
        grown.push(growIndex(dir, catalogPath(config.projectRoot), count, rounds));
      } finally {
        if (!values.keep) fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    out(
      `${'records'.padStart(10)}${'build'.padStart(10)}${'on disk'.padStart(11)}${'warm-up'.padStart(10)}${'index p50'.padStart(13)}${'index p99'.padStart(13)}${'cpu p99'.padStart(13)}${'scan p50'.padStart(13)}${'scan p99'.padStart(13)}${'scan/index p99'.padStart(16)}`,
    );
    const line = (records: number, build: string, disk: number, warm: string, index: Figures, scan: Figures): boolean =>
      out(
        `${records.toLocaleString('en-US').padStart(10)}${build.padStart(10)}${`${disk.toFixed(0)} MB`.padStart(11)}${warm.padStart(10)}${ms(index.p50).padStart(13)}${ms(index.p99).padStart(13)}${ms(index.cpuP99).padStart(13)}${ms(scan.p50).padStart(13)}${ms(scan.p99).padStart(13)}${`${(scan.p99 / index.p99).toFixed(1)}x`.padStart(16)}`,
      );
    line(records.length, `${(bootMs / 1000).toFixed(1)} s`, catalogDisk, '', viaIndex, viaScan);
    for (const size of grown)
      line(size.records, size.kept ? 'kept' : `${size.buildS.toFixed(1)} s`, size.diskMb, `${size.warmS.toFixed(1)} s`, size.index, size.scan);
    const largest = grown.at(-1);
    if (largest)
      out(
        `target: p99 < 10 ms at the largest size (${largest.records.toLocaleString('en-US')} records: ${largest.index.p99.toFixed(2)} ms wall, ${largest.index.cpuP99.toFixed(2)} ms cpu)`,
      );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const semiSpaceFlag = `--max-semi-space-size=${QUERY_THREAD_SEMI_SPACE_MB}`;
if (!process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size'))) {
  const child = spawnSync(process.execPath, [...process.execArgv, semiSpaceFlag, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

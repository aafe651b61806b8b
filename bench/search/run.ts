/**
 * Search latency over the 20,000-package catalog: p50/p99 of a realistic query set (type-ahead prefixes,
 * popular names, typos, descriptions, the website's filters, paging, the empty query), answered by the
 * SQLite index, by the whole HTTP handler (app.inject, JSON included), and by a linear scan over the same
 * records as the reference.
 *
 *   node --import tsx bench/search/run.ts [--rounds 20]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildSearchApp } from '../../server/src/search/app.ts';
import { parseFacetFilters, FACET_ATTRIBUTES, facetValue, type FacetFilterGroups } from '../../server/src/search/facets.ts';
import { acquireSearchIndex, releaseSearchIndex } from '../../server/src/search/indexer.ts';
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
  ...['@babel/core', 'react dom', 'react-router-dom', 'date format', 'css framework', 'http client', 'markdown parser', 'chart', 'uuid', 'font awesome', 'eslint plugin', 'test runner', 'color', 'tailwind', 'three'].map((query) => ({ query })),
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

/** The reference: every record tested in turn, substring matching over the same fields, most used first. */
function linearScan(records: SearchRecord[]): (query: BenchQuery) => SearchRecord[] {
  const prepared = records.map((record) => ({
    record,
    haystack: `${record.name} ${record.description} ${record.keywords.join(' ')} ${record.owner.name}`.toLowerCase(),
    nameNorm: normalizeName(record.name),
    popularity: record.downloads + record.jsDelivrHits,
  }));
  const passes = (record: SearchRecord, groups: FacetFilterGroups): boolean =>
    groups.every((group) =>
      group.some((filter) => {
        const read = FACET_ATTRIBUTES[filter.attribute];
        const values = read ? read(record).filter((value) => value !== null).map((value) => facetValue(value as string | boolean)) : [];
        const has = values.includes(facetValue(filter.value));
        return filter.negated ? !has : has;
      }),
    );
  return ({ query, facetFilters, page = 0 }) => {
    const words = wordsOf(query);
    const groups = parseFacetFilters(facetFilters);
    const target = normalizeName(query);
    const hits = prepared.filter((entry) => words.every((word) => entry.haystack.includes(word)) && passes(entry.record, groups));
    hits.sort((a, b) => Number(b.nameNorm === target) - Number(a.nameNorm === target) || b.popularity - a.popularity);
    return hits.slice(page * HITS_PER_PAGE, (page + 1) * HITS_PER_PAGE).map((entry) => entry.record);
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
  const rounds = Number(values.rounds);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  const config = loadConfig({ ...process.env, SKYLIFT_DATA_DIR: dataDir, SKYLIFT_LOG_LEVEL: 'silent', SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9', SKYLIFT_CHANGES_FEED_URL: '' });
  try {
    const bootStarted = performance.now();
    const app = await buildSearchApp(config);
    const bootMs = performance.now() - bootStarted;
    const index = acquireSearchIndex(config);
    const records = index.db.prepare<[], { record: string }>('SELECT record FROM packages').all().map((row) => JSON.parse(row.record) as SearchRecord);

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
        payload: JSON.stringify({ requests: [{ indexName: config.search.indexName, query, page, hitsPerPage: HITS_PER_PAGE, facetFilters, attributesToHighlight: [] }] }),
      }),
    );
    const viaScan = measure(rounds, linearScan(records));

    const rows = [
      ['SQLite FTS5 index', viaIndex],
      ['HTTP handler (app.inject)', viaHttp],
      ['linear scan (reference)', viaScan],
    ] as const;
    const ms = (n: number): string => `${n.toFixed(3).padStart(9)} ms`;
    const out = (line: string): boolean => process.stdout.write(`${line}\n`);
    out(`Search latency: ${records.length} packages, ${QUERIES.length} queries x ${rounds} rounds, ${HITS_PER_PAGE} hits per page`);
    out(`Index bootstrapped from the catalog in ${(bootMs / 1000).toFixed(2)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
    out('');
    out(`${'answered by'.padEnd(28)}${'p50'.padStart(12)}${'p99'.padStart(12)}${'max'.padStart(12)}${'cpu p50'.padStart(12)}${'cpu p99'.padStart(12)}`);
    for (const [label, f] of rows) out(`${label.padEnd(28)}${ms(f.p50)}${ms(f.p99)}${ms(f.max)}${ms(f.cpuP50)}${ms(f.cpuP99)}`);
    out('');
    out(`ratio, linear scan / index: p50 ${(viaScan.p50 / viaIndex.p50).toFixed(1)}x, p99 ${(viaScan.p99 / viaIndex.p99).toFixed(1)}x (cpu: p50 ${(viaScan.cpuP50 / viaIndex.cpuP50).toFixed(1)}x, p99 ${(viaScan.cpuP99 / viaIndex.cpuP99).toFixed(1)}x)`);
    const slowest = [...perQuery.entries()]
      .map(([query, samples]) => ({ query, median: samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]! }))
      .sort((a, b) => b.median - a.median)
      .slice(0, 5);
    out(`slowest queries (index, cpu median): ${slowest.map(({ query, median }) => `${JSON.stringify(query.query)}${query.facetFilters ? ` ${JSON.stringify(query.facetFilters)}` : ''}${query.page ? ` page ${query.page}` : ''} ${median.toFixed(2)} ms`).join(', ')}`);
    out(`target: p99 well under 10 ms (index p99 ${viaIndex.p99.toFixed(2)} ms wall, ${viaIndex.cpuP99.toFixed(2)} ms cpu)`);
    releaseSearchIndex(config);
    await app.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

/**
 * Fair admission of search calls: the search service (built in this process over the shipped catalog of
 * 20,000 packages, on a loopback port) under 12 clients looping heavy calls (50 queries with 49 negated
 * facet filters each) while another client sends the cheap call `{"query":"jquery","hitsPerPage":1}` every
 * 50 ms. Ours (fair admission: per-client budget, cheap lane, clients taking turns) beside the reference:
 * the same service and threads with fair admission off, i.e. calls served in arrival order.
 *
 *   node --import tsx bench/search/fairness.ts [--seconds 20] [--rounds 2] [--heavy-clients 12] [--scenarios clients,address] [--threads N]
 *
 * Two scenarios: `clients`, where every client has an address of its own (named by the trusted edge's
 * X-Forwarded-For with the edge secret), and `address`, where all thirteen come from one address, as a
 * load generator on one machine does; its heavy clients send again at once after a 429, as a hostile
 * client would. The load runs in a child process, so that the clients do not share the server's thread.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildSearchApp } from '../../server/src/search/app.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    'heavy-clients': { type: 'string', default: '12' },
    scenarios: { type: 'string', default: 'clients,address' },
    threads: { type: 'string' },
    load: { type: 'string' },
  },
});

const APP_ID = 'BENCHAPP';
const API_KEY = 'bench-search-key';
const INDEX = 'npm-search';
const EDGE_SECRET = 'bench-edge-secret';

interface LoadResult {
  cheap: number[];
  cheapErrors: Record<string, number>;
  heavyOk: number;
  heavyStatuses: Record<string, number>;
  heavyMs: number[];
  seconds: number;
  /** The server thread's event loop delay during the run, ms (filled in by the parent). */
  loopP99?: number;
  loopMax?: number;
}

/** The child's side: the clients, against `--load` (JSON: url, seconds, heavy clients, scenario). */
async function runLoad(spec: { url: string; seconds: number; heavyClients: number; scenario: string }): Promise<void> {
  const headers = (client: number): Record<string, string> => ({
    'content-type': 'application/json',
    'x-algolia-application-id': APP_ID,
    'x-algolia-api-key': API_KEY,
    ...(spec.scenario === 'clients' ? { 'x-edge-secret': EDGE_SECRET, 'x-forwarded-for': `198.51.100.${client + 1}` } : {}),
  });
  const words = ['react', 'plugin', 'util', 'css', 'parser', 'vue', 'date', 'chart', 'icons', 'test'];
  const heavyBody = JSON.stringify({
    requests: Array.from({ length: 50 }, (_, at) => ({
      indexName: INDEX,
      query: words[at % words.length],
      hitsPerPage: 5,
      facetFilters: Array.from({ length: 49 }, (_, i) => `owner.name:-nobody${i}`),
    })),
  });
  const cheapBody = JSON.stringify({ query: 'jquery', hitsPerPage: 1 });
  const end = performance.now() + spec.seconds * 1000;
  const result: LoadResult = { cheap: [], cheapErrors: {}, heavyOk: 0, heavyStatuses: {}, heavyMs: [], seconds: spec.seconds };
  const count = (table: Record<string, number>, key: string): void => {
    table[key] = (table[key] ?? 0) + 1;
  };

  const heavyClient = async (client: number): Promise<void> => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(`${spec.url}/1/indexes/*/queries`, { method: 'POST', headers: headers(client), body: heavyBody });
        await response.arrayBuffer();
        count(result.heavyStatuses, String(response.status));
        if (response.status === 200) {
          result.heavyOk++;
          result.heavyMs.push(performance.now() - started);
        } else if (response.status !== 429) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } catch (error) {
        count(result.heavyStatuses, (error as Error).name);
      }
    }
  };
  const cheapClient = async (): Promise<void> => {
    // Let the heavy clients fill the queue first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(`${spec.url}/1/indexes/${INDEX}/query`, { method: 'POST', headers: headers(spec.heavyClients), body: cheapBody });
        await response.arrayBuffer();
        if (response.status === 200) result.cheap.push(performance.now() - started);
        else count(result.cheapErrors, String(response.status));
      } catch (error) {
        count(result.cheapErrors, (error as Error).name);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all([...Array.from({ length: spec.heavyClients }, (_, client) => heavyClient(client)), cheapClient()]);
  process.stdout.write(JSON.stringify(result));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(fair: boolean, scenario: string, seconds: number, heavyClients: number): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-fairness-'));
  const config = loadConfig({
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_LOG_LEVEL: 'silent',
    SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9',
    SKYLIFT_CHANGES_FEED_URL: '',
    SKYLIFT_SEARCH_APP_ID: APP_ID,
    SKYLIFT_SEARCH_API_KEY: API_KEY,
    SKYLIFT_SEARCH_INDEX: INDEX,
    SKYLIFT_EDGE_SECRET: EDGE_SECRET,
  });
  const app = await buildSearchApp(config, {
    enrichCatalog: false,
    followChanges: false,
    hitsRefreshIntervalMs: false,
    queries: { fair, threads: values.threads ? Number(values.threads) : undefined },
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--load', JSON.stringify({ url, seconds, heavyClients, scenario })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    await new Promise((resolve) => child.on('exit', resolve));
    loop.disable();
    return { ...(JSON.parse(output) as LoadResult), loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (values.load) return runLoad(JSON.parse(values.load) as { url: string; seconds: number; heavyClients: number; scenario: string });
  const seconds = Number(values.seconds);
  const heavyClients = Number(values['heavy-clients']);
  const rounds = Math.max(1, Number(values.rounds));
  console.log(
    `Search fairness: ${heavyClients} clients looping 50 queries x 49 negated filters, one cheap call every 50 ms, ${rounds} rounds of ${seconds} s each`,
  );
  console.log(`${os.availableParallelism()} cores, Node ${process.version}`);
  const ms = (value: number): string => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : String(Math.round(value)));
  for (const scenario of values.scenarios.split(',').filter(Boolean)) {
    console.log(`\nscenario: ${scenario === 'clients' ? 'each client its own address (trusted edge header)' : 'all clients from one address'}`);
    console.log('admission              cheap p50  cheap p99  cheap max  cheap errors   heavy ok/s  heavy p50   heavy answers');
    const rows: Array<{ name: string; result: LoadResult }> = [];
    // Rounds alternate which admission goes first, so that a machine getting busier or quieter during the
    // run does not favour one; each row adds up its rounds.
    const totals = new Map<boolean, LoadResult>();
    for (let round = 0; round < rounds; round++) {
      for (const fair of round % 2 === 0 ? [true, false] : [false, true]) {
        const result = await measure(fair, scenario, seconds, heavyClients);
        const total = totals.get(fair);
        if (!total) totals.set(fair, result);
        else {
          total.cheap.push(...result.cheap);
          total.heavyMs.push(...result.heavyMs);
          total.heavyOk += result.heavyOk;
          total.seconds += result.seconds;
          for (const [status, n] of Object.entries(result.heavyStatuses)) total.heavyStatuses[status] = (total.heavyStatuses[status] ?? 0) + n;
          for (const [status, n] of Object.entries(result.cheapErrors)) total.cheapErrors[status] = (total.cheapErrors[status] ?? 0) + n;
          total.loopP99 = Math.max(total.loopP99 ?? 0, result.loopP99 ?? 0);
          total.loopMax = Math.max(total.loopMax ?? 0, result.loopMax ?? 0);
        }
      }
    }
    for (const fair of [true, false]) {
      const result = totals.get(fair)!;
      rows.push({ name: fair ? 'ours (fair)' : 'reference (arrival)', result });
      const cheap = [...result.cheap].sort((a, b) => a - b);
      const heavy = [...result.heavyMs].sort((a, b) => a - b);
      console.log(
        [
          (fair ? 'ours (fair)' : 'reference (arrival)').padEnd(21),
          `${ms(percentile(cheap, 50))} ms`.padStart(10),
          `${ms(percentile(cheap, 99))} ms`.padStart(10),
          `${ms(cheap.at(-1) ?? NaN)} ms`.padStart(10),
          JSON.stringify(result.cheapErrors).padStart(13),
          (result.heavyOk / result.seconds).toFixed(2).padStart(12),
          `${ms(percentile(heavy, 50))} ms`.padStart(10),
          `  ${JSON.stringify(result.heavyStatuses)}`,
          `  server loop delay p99 ${ms(result.loopP99 ?? NaN)} ms, max ${ms(result.loopMax ?? NaN)} ms (worst round)`,
        ].join(' '),
      );
    }
    const [ours, reference] = rows.map((row) => row.result) as [LoadResult, LoadResult];
    const p99 = (result: LoadResult): number =>
      percentile(
        [...result.cheap].sort((a, b) => a - b),
        99,
      );
    console.log(
      `ratio ours/reference: cheap p99 ${(p99(ours) / p99(reference)).toFixed(3)}, heavy throughput ${(ours.heavyOk / reference.heavyOk).toFixed(2)} (${ours.cheap.length} and ${reference.cheap.length} cheap calls answered)`,
    );
  }
}

await main();

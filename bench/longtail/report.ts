/**
 * What the long-tail soak prints: per phase and kind of request, the requests, p50/p99, wrong bodies, 5xx,
 * failures in flight on a killed process and others; upstream tarball fetches per version; the share of file
 * answers from the cache; the file cache's size against its budget; resident memory, open descriptors and client connections
 * of every CDN and data API process over time. Then the reference turns beside nginx, and a verdict line.
 */
import { KINDS, type Kind, type Outcome } from './traffic.ts';

export interface ProcessSample {
  at: number;
  service: string;
  slot: number;
  pid: number;
  rssMb: number;
  /** What its in-memory caches hold (`skylift_memory_cache_bytes`), NaN when it could not be told. */
  cachesMb: number;
  /** Its main thread's V8 heap and the memory its objects hold outside it (buffers), NaN when not told. */
  heapMb: number;
  /** Of that heap, what its objects take (live, and garbage not yet collected). */
  heapUsedMb: number;
  externalMb: number;
  /** Its worker threads' V8 heaps together (`skylift_thread_heap_bytes`), NaN when not told. */
  threadsMb: number;
  fds: number;
  /** Client connections it holds on its service's port. */
  connections: number;
}

interface KindStats {
  requests: number;
  ms: number[];
  wrong: number;
  serverErrors: number;
  clientErrors: number;
  /** No answer: cut connections and time limits, not counting those in flight on a killed process. */
  failures: number;
  inFlightOnKill: number;
  examples: string[];
}

const percentile = (values: number[], p: number): number => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';
const mb = (bytes: number): string => `${fmt(bytes / 1e6)} MB`;

/** The least-squares slope of `[minute, value]` points, per minute; NaN with fewer than 3 points. */
export function slopePerMinute(points: ReadonlyArray<readonly [number, number]>): number {
  if (points.length < 3) return NaN;
  const meanX = points.reduce((t, [x]) => t + x, 0) / points.length;
  const meanY = points.reduce((t, [, y]) => t + y, 0) / points.length;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  }
  return sxx > 0 ? sxy / sxx : NaN;
}
const signed = (n: number, digits = 1): string => (Number.isFinite(n) && n >= 0 ? `+${fmt(n, digits)}` : fmt(n, digits));

function emptyStats(): KindStats {
  return { requests: 0, ms: [], wrong: 0, serverErrors: 0, clientErrors: 0, failures: 0, inFlightOnKill: 0, examples: [] };
}

/** The CPU of a reference turn, in milliseconds: the server answering, the product's other processes, the load generator. */
export interface TurnCpu {
  server: number;
  restOfProduct: number;
  generator: number;
}

export class PhaseStats {
  readonly byKind = new Map<Kind, KindStats>(KINDS.map((kind) => [kind, emptyStats()]));
  /** Every 30 s: each process's figures, the file cache's size, and when (ms since the epoch). */
  readonly samples: Array<{ processes: ProcessSample[]; cacheBytes: number; at: number }> = [];
  private finished: { fetches: number[]; versionsFetchedTwice: number; cache: { hit: number; miss: number }; kills: number; sweeps: string } | null = null;
  private rpsValue = NaN;

  constructor(
    readonly name: string,
    readonly budgetBytes: number | null,
    private readonly onFile: (name: string, version: string) => void,
  ) {}

  add(outcome: Outcome, inFlightOnKill: boolean): void {
    const stats = this.byKind.get(outcome.kind)!;
    stats.requests++;
    stats.ms.push(outcome.ms);
    const note = (text: string): void => void (stats.examples.length < 5 && stats.examples.push(`${text}: ${outcome.url}`));
    if (outcome.error && outcome.kind !== 'hang-up') {
      if (inFlightOnKill) stats.inFlightOnKill++;
      else {
        stats.failures++;
        note(outcome.error);
      }
      return;
    }
    if (outcome.status >= 500) {
      if (inFlightOnKill) stats.inFlightOnKill++;
      else {
        stats.serverErrors++;
        note(`HTTP ${outcome.status}`);
      }
    } else if (outcome.status >= 400) {
      stats.clientErrors++;
      note(`HTTP ${outcome.status}`);
    }
    if (outcome.wrong) {
      stats.wrong++;
      note(`wrong body (${outcome.wrong})`);
    }
    if (outcome.kind === 'file' && outcome.status === 200) {
      const match = /\/npm\/([^@/]+)@([^/]+)\//.exec(outcome.url);
      if (match) this.onFile(match[1]!, match[2]!);
    }
  }

  sample(processes: ProcessSample[], cacheBytes: number): void {
    this.samples.push({ processes, cacheBytes, at: Date.now() });
  }

  progress(): string {
    const all = [...this.byKind.values()];
    const sum = (pick: (s: KindStats) => number): number => all.reduce((total, s) => total + pick(s), 0);
    return `${fmt(sum((s) => s.requests))} requests, ${sum((s) => s.wrong)} wrong, ${sum((s) => s.serverErrors)} 5xx, ${sum((s) => s.failures)} failed, ${sum((s) => s.inFlightOnKill)} in flight on a kill`;
  }

  finish(info: {
    fetchesBefore: Map<string, number>;
    fetchesAfter: Map<string, number>;
    cache: { hit: number; miss: number };
    kills: number;
    /** The phase's file cache sweeps, as a line (`sweeps.ts`). */
    sweeps: string;
  }): void {
    const fetches: number[] = [];
    let twice = 0;
    for (const [version, after] of info.fetchesAfter) {
      const during = after - (info.fetchesBefore.get(version) ?? 0);
      if (during > 0) fetches.push(during);
      if (during > 1) twice++;
    }
    this.finished = { fetches, versionsFetchedTwice: twice, cache: info.cache, kills: info.kills, sweeps: info.sweeps };
  }

  /** A reference turn's end: its length, and the CPU spent in it, in milliseconds, by whom. */
  finishReference(durationMs: number, cpu: TurnCpu): void {
    this.rpsValue = (this.byKind.get('file')!.requests * 1000) / durationMs;
    this.cpu = cpu;
  }

  /** CPU spent in a reference turn, in milliseconds. */
  cpu: TurnCpu = { server: NaN, restOfProduct: NaN, generator: NaN };

  get rps(): number {
    return this.rpsValue;
  }

  summary(): string {
    const lines = [`\nPhase ${this.name}${this.budgetBytes ? ` (file cache budget ${mb(this.budgetBytes)})` : ''}`];
    lines.push(
      `${'kind'.padEnd(14)}${'requests'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'wrong'.padStart(7)}${'5xx'.padStart(6)}${'4xx'.padStart(6)}${'failed'.padStart(8)}${'on kill'.padStart(9)}`,
    );
    for (const [kind, s] of this.byKind) {
      if (!s.requests) continue;
      lines.push(
        `${kind.padEnd(14)}${fmt(s.requests).padStart(10)}${fmt(percentile(s.ms, 50), 1).padStart(9)}${fmt(percentile(s.ms, 99), 1).padStart(9)}${String(s.wrong).padStart(7)}${String(s.serverErrors).padStart(6)}${String(s.clientErrors).padStart(6)}${String(s.failures).padStart(8)}${String(s.inFlightOnKill).padStart(9)}`,
      );
    }
    for (const [kind, s] of this.byKind) for (const example of s.examples) lines.push(`  ${kind}: ${example}`);
    if (this.finished) {
      const f = this.finished;
      const mean = f.fetches.length ? f.fetches.reduce((a, b) => a + b, 0) / f.fetches.length : 0;
      lines.push(
        `upstream tarball fetches: ${f.fetches.length} versions fetched, ${fmt(mean, 2)} fetches each on average, at most ${f.fetches.length ? Math.max(...f.fetches) : 0}; ${f.versionsFetchedTwice} versions fetched more than once in this phase`,
      );
      const total = f.cache.hit + f.cache.miss;
      lines.push(
        `file answers from the cache (request log): ${fmt((100 * f.cache.hit) / Math.max(1, total), 1)} % of ${fmt(total)}${f.kills ? `; ${f.kills} kills` : ''}`,
      );
    }
    const sizes = this.samples.map((s) => s.cacheBytes);
    lines.push(
      `file cache on disk: ${sizes.map(mb).join(' → ')}${this.budgetBytes ? ` (budget ${mb(this.budgetBytes)}, ${this.budgetShare(sizes, this.budgetBytes)})` : ''}`,
    );
    if (this.finished) lines.push(this.finished.sweeps);
    lines.push(...this.processLines());
    return lines.join('\n');
  }

  /**
   * The largest sample against the budget: over the whole phase, and from the first sample within the budget on
   * (a phase that lowers the budget starts with the cache at several times it, until the first sweeps are done).
   */
  private budgetShare(sizes: number[], budget: number): string {
    const whole = `at most ${fmt((100 * Math.max(...sizes)) / budget)} % of it`;
    const within = sizes.findIndex((size) => size <= budget);
    if (within <= 0) return within === 0 ? whole : `${whole}; never within it`;
    const after = sizes.slice(within);
    return `${whole}; at most ${fmt((100 * Math.max(...after)) / budget)} % from the first sample within it on (${after.length} samples)`;
  }

  /** Each process's resident memory and open descriptors over the phase, one line per process. */
  private processLines(): string[] {
    const byPid = new Map<number, ProcessSample[]>();
    const minuteOf = new Map<ProcessSample, number>();
    const start = this.samples[0]?.at ?? 0;
    const end = this.samples.at(-1)?.at ?? 0;
    for (const sample of this.samples) {
      for (const p of sample.processes) {
        byPid.set(p.pid, [...(byPid.get(p.pid) ?? []), p]);
        minuteOf.set(p, (sample.at - start) / 60_000);
      }
    }
    // Whether memory is flat once the caches are full: how fast it still moved over the phase's second half.
    const trend = (samples: ProcessSample[], value: (s: ProcessSample) => number): string =>
      signed(
        slopePerMinute(samples.filter((s) => s.rssMb > 0 && minuteOf.get(s)! >= (end - start) / 120_000).map((s) => [minuteOf.get(s)!, value(s)] as const)),
      );
    const lines = [
      'process (every 30 s): resident MB | open descriptors | client connections; then what its in-memory caches hold, and resident memory outside them (MB);',
      "  then its main thread's V8 heap (and what its objects take of it) and the memory its objects hold outside that heap (buffers), both with the caches in them,",
      "  and its worker threads' heaps together (MB)",
    ];
    const figure = (mb: number): string => (Number.isNaN(mb) ? '?' : fmt(mb));
    // A process gone by a sample (killed, or exited at the phase's end) shows ? for every figure of it.
    const gone = (s: ProcessSample): boolean => !(s.rssMb > 0);
    const column = (samples: ProcessSample[], value: (s: ProcessSample) => string): string => samples.map((s) => (gone(s) ? '?' : value(s))).join(' ');
    for (const [pid, samples] of byPid) {
      const first = samples[0]!;
      lines.push(
        `  ${first.service}#${first.slot} pid ${pid}: ${column(samples, (s) => fmt(s.rssMb))} | ${column(samples, (s) => String(s.fds))} | ${column(samples, (s) => String(s.connections))}`,
      );
      lines.push(`      caches ${column(samples, (s) => figure(s.cachesMb))} | outside them ${column(samples, (s) => figure(s.rssMb - s.cachesMb))}`);
      lines.push(
        `      heap ${column(samples, (s) => figure(s.heapMb))} | used ${column(samples, (s) => figure(s.heapUsedMb))} | buffers ${column(samples, (s) => figure(s.externalMb))} | threads ${column(samples, (s) => figure(s.threadsMb))}`,
      );
      lines.push(
        `      per minute over the phase's second half: resident ${trend(samples, (s) => s.rssMb)} MB, outside the caches ${trend(samples, (s) => s.rssMb - s.cachesMb)} MB, heap ${trend(samples, (s) => s.heapMb)} MB, descriptors ${trend(samples, (s) => s.fds)}`,
      );
    }
    return lines;
  }

  totals(): { wrong: number; serverErrors: number; failures: number } {
    const all = [...this.byKind.values()];
    return {
      wrong: all.reduce((t, s) => t + s.wrong, 0),
      serverErrors: all.reduce((t, s) => t + s.serverErrors, 0),
      failures: all.reduce((t, s) => t + s.failures, 0),
    };
  }
}

export class Report {
  private readonly phases: PhaseStats[] = [];
  private readonly references: PhaseStats[] = [];
  private fileListener: (name: string, version: string) => void = () => {};

  /** Told of each exact version a file was served from; returns the way to stop telling. */
  onFileOutcome(listener: (name: string, version: string) => void): () => void {
    this.fileListener = listener;
    return () => (this.fileListener = () => {});
  }

  phase(name: string, budgetBytes: number | null): PhaseStats {
    const stats = new PhaseStats(name, budgetBytes, (n, v) => this.fileListener(n, v));
    this.phases.push(stats);
    return stats;
  }

  reference(side: 'ours' | 'nginx'): PhaseStats {
    const stats = new PhaseStats(side, null, () => {});
    this.references.push(stats);
    return stats;
  }

  referenceSummary(): string {
    const lines = ['\nExact-version files of the long tail, the same requests to each side in turns (two turns each)'];
    lines.push(`${''.padEnd(28)}${'ours'.padStart(12)}${'nginx'.padStart(12)}${'ratio'.padStart(8)}`);
    const side = (name: string): PhaseStats[] => this.references.filter((r) => r.name === name);
    const ms = (list: PhaseStats[]): number[] => list.flatMap((r) => r.byKind.get('file')!.ms);
    const rps = (list: PhaseStats[]): number => list.reduce((t, r) => t + r.rps, 0) / Math.max(1, list.length);
    const [ours, nginx] = [side('ours'), side('nginx')];
    const row = (label: string, a: number, b: number, digits = 0): string =>
      `${label.padEnd(28)}${fmt(a, digits).padStart(12)}${fmt(b, digits).padStart(12)}${fmt(a / b, 2).padStart(8)}`;
    lines.push(row('requests per second', rps(ours), rps(nginx)));
    lines.push(row('latency p50, ms', percentile(ms(ours), 50), percentile(ms(nginx), 50), 2));
    lines.push(row('latency p99, ms', percentile(ms(ours), 99), percentile(ms(nginx), 99), 2));
    // What a request costs the server itself, whatever CPU the generator left it; and where the rest of the
    // machine's CPU went meanwhile (on two cores, what one side's other processes take the server does not get).
    const cpuPerRequest = (list: PhaseStats[], of: keyof TurnCpu): number =>
      (list.reduce((t, r) => t + r.cpu[of], 0) * 1000) /
      Math.max(
        1,
        list.reduce((t, r) => t + r.byKind.get('file')!.requests, 0),
      );
    lines.push(row('server CPU a request, µs', cpuPerRequest(ours, 'server'), cpuPerRequest(nginx, 'server')));
    lines.push(row('other services, µs', cpuPerRequest(ours, 'restOfProduct'), cpuPerRequest(nginx, 'restOfProduct')));
    lines.push(row('load generator, µs', cpuPerRequest(ours, 'generator'), cpuPerRequest(nginx, 'generator')));
    const bad = (list: PhaseStats[]): number => list.reduce((t, r) => t + r.totals().wrong + r.totals().serverErrors + r.totals().failures, 0);
    lines.push(`${'wrong, 5xx or failed'.padEnd(28)}${String(bad(ours)).padStart(12)}${String(bad(nginx)).padStart(12)}`);
    for (const [name, list] of [
      ['ours', ours],
      ['nginx', nginx],
    ] as const) {
      for (const example of list.flatMap((r) => [...r.byKind.values()].flatMap((k) => k.examples)).slice(0, 3)) lines.push(`  ${name}: ${example}`);
    }
    return lines.join('\n');
  }

  verdict(): string {
    const totals = this.phases.map((p) => ({ name: p.name, ...p.totals() }));
    const wrong = totals.reduce((t, p) => t + p.wrong, 0);
    const errors = totals.reduce((t, p) => t + p.serverErrors, 0);
    const failed = totals.reduce((t, p) => t + p.failures, 0);
    return `longtail: ${wrong} wrong bodies, ${errors} 5xx and ${failed} failed requests outside the in-flight requests of killed processes (${totals.map((p) => `${p.name}: ${p.wrong}/${p.serverErrors}/${p.failures}`).join(', ')})`;
  }
}

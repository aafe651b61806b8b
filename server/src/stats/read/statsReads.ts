/**
 * Every question the statistics answer, by subject: each answer whole (figures, previous period, ranks,
 * shares) from one query at most, or from what an earlier query left in memory. What is kept in memory is
 * dropped when an ingest changes its days (`noteIngested`).
 */
import type { SqlEngine } from '../sql/engine.ts';
import { ClientReads } from './clients.ts';
import { DataSpanReads } from './dataSpan.ts';
import { NetworkReads } from './network.ts';
import { PackageReads } from './packages.ts';
import { ProxyReads } from './proxies.ts';

export class StatsReads {
  readonly packages: PackageReads;
  readonly network: NetworkReads;
  readonly clients: ClientReads;
  readonly proxies: ProxyReads;
  /** The first day and the months with data. */
  readonly span: DataSpanReads;

  constructor(engine: SqlEngine) {
    this.packages = new PackageReads(engine);
    this.network = new NetworkReads(engine);
    this.clients = new ClientReads(engine);
    this.proxies = new ProxyReads(engine);
    this.span = new DataSpanReads(engine);
  }

  /** Reads ahead what the first requests of the pages would otherwise wait for (`PackageReads.prepare`). */
  prepare(): Promise<void> {
    return this.packages.prepare();
  }

  /** Called after each commit of an ingest (this process's or, told, another's), with the days it changed. */
  noteIngested(days: Iterable<string>): void {
    const changed = [...days];
    this.packages.noteIngested(changed);
    this.span.noteIngested(changed);
  }
}

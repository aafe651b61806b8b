/**
 * Which days and months have data: the first day (what the period `all` starts with) and the months the
 * periods list offers. Both change only when the ingester commits, and both are asked at every page load,
 * so both are kept in memory: the first day moves back by itself when an earlier day is ingested, the months
 * are read again after an ingest; either is read again after a while, as another process may ingest unheard.
 */
import type { SqlEngine } from '../sql/engine.ts';

/** A month with data, and whether it has client (browser/platform) and proxy data. */
export interface MonthWithData {
  month: string;
  clients: boolean;
  proxies: boolean;
}

const TTL_MS = 30_000;

/** A value read now and then: kept until dropped or TTL_MS old; a failed read is not kept. */
class Kept<T> {
  private value: Promise<T> | undefined;
  private readAt = 0;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (Date.now() - this.readAt > TTL_MS) this.value = undefined;
    if (!this.value) {
      this.readAt = Date.now();
      this.keep(this.read());
    }
    return this.value!;
  }

  /** Replaces the value kept, if any, by what `update` makes of it. */
  update(update: (value: T) => T): void {
    if (this.value) this.keep(this.value.then(update));
  }

  private keep(value: Promise<T>): void {
    value.catch(() => {
      if (this.value === value) this.value = undefined;
    });
    this.value = value;
  }

  drop(): void {
    this.value = undefined;
  }
}

export class DataSpanReads {
  private readonly first: Kept<string | undefined>;
  private readonly months: Kept<MonthWithData[]>;

  constructor(engine: SqlEngine) {
    this.first = new Kept(async () => {
      const [row] = await engine.all<{ day: string | null }>('SELECT MIN(day) AS day FROM daily_network');
      return row?.day ?? undefined;
    });
    this.months = new Kept(async () => {
      // Months of the network roll-up (every counted request has a row there), and whether the client roll-up has any.
      const rows = await engine.all<{ month: string; proxies: number; clients: number }>(
        `SELECT month, SUM(proxies) AS proxies, MAX(clients) AS clients, MAX(network) AS network FROM (
           SELECT substr(day, 1, 7) AS month, SUM(CASE WHEN content = 'proxies' THEN hits ELSE 0 END) AS proxies, 0 AS clients, 1 AS network
           FROM daily_network GROUP BY substr(day, 1, 7)
           UNION ALL
           SELECT DISTINCT substr(day, 1, 7) AS month, 0 AS proxies, 1 AS clients, 0 AS network FROM daily_client
         ) AS months GROUP BY month HAVING MAX(network) = 1 ORDER BY month`,
      );
      return rows.map((r) => ({ month: r.month, clients: Number(r.clients) === 1, proxies: Number(r.proxies) > 0 }));
    });
  }

  /** Called after each commit of an ingest, with the days the batch touched. */
  noteIngested(days: Iterable<string>): void {
    this.months.drop();
    let earliest: string | undefined;
    for (const day of days) if (earliest === undefined || day < earliest) earliest = day;
    if (earliest !== undefined) this.first.update((first) => (first === undefined || earliest < first ? earliest : first));
  }

  /** The first day with data; undefined before any. */
  firstDay(): Promise<string | undefined> {
    return this.first.get();
  }

  /** Months (YYYY-MM) with any data, oldest first. */
  monthsWithData(): Promise<MonthWithData[]> {
    return this.months.get();
  }
}

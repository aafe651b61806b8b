/**
 * Every package's totals over the ranges the statistics pages ask for, ranked, kept in memory: ranks and
 * top lists read them without a query. A range is kept as two parts: its complete past days, which change
 * only when a late log line arrives, and the days from today on, which change with every ingest. The parts
 * a request lacks are read in one query, and a part is dropped when an ingest changes one of its days
 * (`noteIngested`). A part older than its lifetime (another process may have ingested into the same
 * database unheard) still answers while it is read again in the background: only a part never read, or
 * dropped by an ingest, makes a request wait for the database.
 */
import { LRUCache } from 'lru-cache';
import { addDays, isoDay, type DayRange } from '../periods.ts';
import type { SqlEngine, SqlValue } from '../sql/engine.ts';
import type { PackageKind } from '../types.ts';
import { packageKey, RankedTotals, type PackageTotal } from './rankedTotals.ts';

/** Ranges of the statistics pages repeat all day long: two parts for each of a dozen ranges. */
const PARTS = 48;
const RANGES = 24;
/** How long figures read into memory are trusted when another process might have ingested unheard. */
const PAST_TTL_MS = 5 * 60_000;
const LIVE_TTL_MS = 30_000;

type Part = Promise<Map<string, PackageTotal>>;
interface KeptPart {
  range: DayRange;
  totals: Part;
  /** When it is read again (in the background, answering meanwhile). */
  freshUntil: number;
  /** Being read again. */
  refreshing?: boolean;
}
const rangeKey = (range: DayRange): string => `${range.from}|${range.to}`;

export class PackageTotals {
  private readonly parts = new LRUCache<string, KeptPart>({ max: PARTS });
  private readonly ranked = new LRUCache<string, { parts: readonly Part[]; ranked: Promise<RankedTotals> }>({ max: RANGES });

  constructor(
    private readonly engine: SqlEngine,
    private readonly today: () => string = () => isoDay(new Date()),
    private readonly now: () => number = Date.now,
  ) {}

  /** Drops the parts holding any of the days an ingest changed. */
  noteIngested(days: Iterable<string>): void {
    const changed = [...days];
    const stale = [...this.parts.entries()].filter(([, { range }]) => changed.some((day) => day >= range.from && day <= range.to));
    for (const [key] of stale) this.parts.delete(key);
  }

  /** The ranked totals of each range; the parts none of them has in memory yet are read in one query. */
  async of(ranges: readonly DayRange[]): Promise<RankedTotals[]> {
    const today = this.today();
    const partsOf = ranges.map((range) => split(range, today));
    const found = new Map<string, Part>();
    const missing: DayRange[] = [];
    const expired: DayRange[] = [];
    for (const part of partsOf.flat()) {
      const key = rangeKey(part);
      if (found.has(key) || missing.some((range) => rangeKey(range) === key)) continue;
      const kept = this.parts.get(key);
      if (!kept) {
        missing.push(part);
        continue;
      }
      found.set(key, kept.totals);
      if (kept.freshUntil <= this.now() && !kept.refreshing) {
        kept.refreshing = true;
        expired.push(part);
      }
    }
    for (const [key, totals] of this.read(missing, today)) found.set(key, totals);
    this.refresh(expired, today);
    return Promise.all(
      partsOf.map((parts, i) => {
        const totals = parts.map((part) => found.get(rangeKey(part))!);
        const key = rangeKey(ranges[i]!);
        const cached = this.ranked.get(key);
        if (cached && cached.parts.length === totals.length && cached.parts.every((part, j) => part === totals[j])) return cached.ranked;
        const ranked = Promise.all(totals).then((maps) => new RankedTotals(merge(maps)));
        ranked.catch(() => {
          if (this.ranked.get(key)?.ranked === ranked) this.ranked.delete(key);
        });
        this.ranked.set(key, { parts: totals, ranked });
        return ranked;
      }),
    );
  }

  /**
   * Reads the totals of `ranges` into memory now, so that the first request for them finds them there: the
   * pages' default periods and their previous periods, before the service listens (`PackageReads.prepare`).
   */
  async prepare(ranges: readonly DayRange[]): Promise<void> {
    await this.of(ranges);
  }

  /** Reads expired parts again; each keeps answering until its new figures are in, and stays if the read fails. */
  private refresh(parts: readonly DayRange[], today: string): void {
    if (parts.length === 0) return;
    const read = this.read(parts, today, { keep: false });
    for (const part of parts) {
      const key = rangeKey(part);
      const totals = read.get(key)!;
      totals.then(
        () => {
          const kept = this.parts.get(key);
          // Dropped by an ingest meanwhile, or already read again: the newer figures stay.
          if (kept?.refreshing) this.keep(part, totals, today);
        },
        () => {
          const kept = this.parts.get(key);
          if (kept) kept.refreshing = false;
        },
      );
    }
  }

  private keep(range: DayRange, totals: Part, today: string): void {
    const freshUntil = this.now() + (range.to < today ? PAST_TTL_MS : LIVE_TTL_MS);
    this.parts.set(rangeKey(range), { range, totals, freshUntil });
  }

  /**
   * Reads the totals of several parts in one pass over the roll-up (one sum per part, over the days they
   * cover together); unless told otherwise, keeps each part's promise in memory, unless it fails.
   */
  private read(parts: readonly DayRange[], today: string, { keep = true }: { keep?: boolean } = {}): Map<string, Part> {
    const read = new Map<string, Part>();
    if (parts.length === 0) return read;
    const sums = parts.map(
      (_, i) => `SUM(CASE WHEN day BETWEEN ? AND ? THEN hits ELSE 0 END) AS h${i}, SUM(CASE WHEN day BETWEEN ? AND ? THEN bandwidth ELSE 0 END) AS b${i}`,
    );
    const spans = joinedSpans(parts);
    const rows = this.engine.all<Record<string, string | number>>(
      `SELECT type, name, ${sums.join(', ')} FROM daily_package WHERE ${spans.map(() => 'day BETWEEN ? AND ?').join(' OR ')} GROUP BY type, name`,
      [...parts.flatMap((p): SqlValue[] => [p.from, p.to, p.from, p.to]), ...spans.flatMap((s): SqlValue[] => [s.from, s.to])],
    );
    parts.forEach((range, i) => {
      const key = rangeKey(range);
      const totals: Part = rows.then((all) => {
        const map = new Map<string, PackageTotal>();
        for (const row of all) {
          const hits = Number(row[`h${i}`]);
          const bandwidth = Number(row[`b${i}`]);
          if (hits === 0 && bandwidth === 0) continue;
          const type = row['type'] as PackageKind;
          const name = String(row['name']);
          map.set(packageKey(type, name), { type, name, hits, bandwidth });
        }
        return map;
      });
      read.set(key, totals);
      if (!keep) return;
      totals.catch(() => {
        if (this.parts.get(key)?.totals === totals) this.parts.delete(key);
      });
      this.keep(range, totals, today);
    });
    return read;
  }
}

/** The range's complete past days and its days from today on, whichever it has. */
function split(range: DayRange, today: string): DayRange[] {
  if (range.to < today || range.from >= today) return [range];
  return [
    { from: range.from, to: addDays(today, -1) },
    { from: today, to: range.to },
  ];
}

/** Consecutive or overlapping ranges joined, so that a query reads each day once. */
function joinedSpans(ranges: readonly DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const spans: DayRange[] = [];
  for (const range of sorted) {
    const last = spans.at(-1);
    if (last && range.from <= addDays(last.to, 1)) {
      if (range.to > last.to) last.to = range.to;
    } else spans.push({ ...range });
  }
  return spans;
}

/** One range's totals from its parts (which cover different days). */
function merge(parts: readonly Map<string, PackageTotal>[]): Iterable<PackageTotal> {
  if (parts.length === 1) return parts[0]!.values();
  const merged = new Map<string, PackageTotal>();
  for (const part of parts) {
    for (const [key, value] of part) {
      const entry = merged.get(key);
      if (entry) {
        entry.hits += value.hits;
        entry.bandwidth += value.bandwidth;
      } else merged.set(key, { ...value });
    }
  }
  return merged.values();
}

/**
 * Upkeep of the search index's full-text tables as the index grows.
 *
 * Merging: the full-text index is a set of b-trees, one more for every transaction that writes, which
 * FTS5 merges four at a time. A query reads each b-tree, so after a bulk load (millions of packages) the
 * many b-trees left make every query of a common word about twice as slow as over one. When the index has
 * grown or shrunk by half, they are merged into one, in steps (FTS5's incremental 'merge'), with progress.
 *
 * A second full-text table, `popular_fts`, holding the text of the most used packages only: the
 * POPULAR_SIZE most popular when the table was filled, and every package at least as popular as the last
 * of them (the threshold) since. A query whose words are common, with thousands of matches in the whole
 * index, reads this table first: when its matches there fill the page with packages that no less popular
 * match could outrank, the whole index is not read (`popularCandidates` in `sqliteIndex/candidates.ts`).
 *
 * The threshold is chosen again, and the table filled again, when the index has grown or shrunk by half
 * since it was filled: checked when the writing connection opens and every CHECK_EVERY writes. An index
 * of fewer than twice POPULAR_SIZE packages has no popular table: reading it whole costs little more.
 */
import type Database from 'better-sqlite3';
import { isSqliteBusy } from '../sqlite/lockWaits.ts';

/** How many packages the table is filled with. */
export const POPULAR_SIZE = 200_000;

/** Writes between two checks of whether the index has grown enough for the table to be filled again. */
const CHECK_EVERY = 10_000;

/** What the table was filled for, kept in the index's meta table so that every connection knows it. */
interface Filled {
  /** Packages at least this popular are in the table; null: there is no table (too few packages). */
  threshold: number | null;
  /** Packages in the index at the time. */
  packages: number;
  /** The full-text prefix lengths the table was created with. */
  prefixes: string;
}

/** The `meta` key of what the table was filled for. */
export const POPULAR_META_KEY = 'popular_fts';

/** What the meta value says; undefined when there is none or it is not one this code wrote (then the table is filled again). */
function parseFilled(value: string | undefined): Filled | undefined {
  if (!value) return undefined;
  try {
    const filled = JSON.parse(value) as Partial<Filled>;
    const valid =
      (typeof filled.threshold === 'number' || filled.threshold === null) && typeof filled.packages === 'number' && typeof filled.prefixes === 'string';
    return valid ? (filled as Filled) : undefined;
  } catch {
    return undefined;
  }
}

/** The threshold as the meta table's value says (for reading connections): null when the index has no popular table. */
export function popularThreshold(metaValue: string | undefined): number | null {
  return parseFilled(metaValue)?.threshold ?? null;
}

/** Pages merged per step of the b-tree merge (about a megabyte). */
const MERGE_STEP_PAGES = 1_000;

/** The writing connection's side: keeps the popular table current as packages are written; merges and fills it again when due. */
export class FullTextUpkeep {
  private filled: Filled;
  private writes = 0;
  private readonly statements;

  /**
   * `createTable(name)`: the SQL creating a full-text table like the main one; `prefixes`: its prefix lengths;
   * `size`: how many packages the table is filled with.
   */
  constructor(
    private readonly db: Database.Database,
    private readonly createTable: (name: string) => string,
    private readonly prefixes: string,
    private readonly progress: (message: string) => void,
    private readonly size = POPULAR_SIZE,
  ) {
    this.statements = {
      insert: db.prepare('INSERT INTO popular_fts (rowid, name, description, keywords, owner) VALUES (?, ?, ?, ?, ?)'),
      copy: db.prepare(
        'INSERT INTO popular_fts (rowid, name, description, keywords, owner) SELECT rowid, name, description, keywords, owner FROM packages_fts WHERE rowid = ?',
      ),
      remove: db.prepare('DELETE FROM popular_fts WHERE rowid = ?'),
      packages: db.prepare<[], number>('SELECT count(*) FROM packages').pluck(),
      meta: db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck(),
    };
    this.filled = parseFilled(this.statements.meta.get(POPULAR_META_KEY)) ?? {
      threshold: null,
      packages: -1,
      prefixes: '',
    };
    this.fillIfDue();
  }

  private popular(popularity: number): boolean {
    return this.filled.threshold !== null && popularity >= this.filled.threshold;
  }

  /** A package's text was written with this popularity (its old text, if any, already removed with `removed`). */
  written(id: number, popularity: number, text: readonly [string, string, string, string]): void {
    if (this.popular(popularity)) this.statements.insert.run(id, ...text);
    this.writes++;
  }

  /** A package's text is about to be replaced, or the package removed. */
  removed(id: number): void {
    if (this.filled.threshold !== null) this.statements.remove.run(id);
  }

  /** A package's popularity changed, its text did not. */
  popularityChanged(id: number, before: number, after: number): void {
    if (this.popular(before) && !this.popular(after)) this.statements.remove.run(id);
    if (!this.popular(before) && this.popular(after)) this.statements.copy.run(id);
  }

  /** After a transaction: every CHECK_EVERY writes, whether the table is due to be filled again. */
  committed(): void {
    if (this.writes >= CHECK_EVERY) {
      this.writes = 0;
      this.fillIfDue();
    }
  }

  /** Whether the table is to be filled again for an index of `packages` packages, given what it was filled for. */
  private due(filled: Filled, packages: number): boolean {
    const wanted = packages >= 2 * this.size;
    const has = filled.threshold !== null;
    return (
      filled.prefixes !== this.prefixes ||
      packages > 2 * filled.packages ||
      packages < filled.packages / 2 ||
      (has && !wanted) ||
      // Grown past the size for a table since a fill that made none.
      (!has && wanted && filled.packages < 2 * this.size)
    );
  }

  /**
   * Merges and fills when due. Every process of a machine opens the index file to write (the search
   * service, and the CDN and data API for the packages they fetch): one of them does the work, the others
   * find it done when they get the write lock, or, kept waiting past SQLite's busy timeout, try again at
   * their next check rather than failing.
   */
  private fillIfDue(): void {
    if (!this.due(this.filled, this.statements.packages.get()!)) return;
    try {
      this.merge('packages_fts');
      this.fill();
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      this.progress('Search index: another process is writing; the full-text upkeep is left for later');
    }
  }

  /**
   * Merges every b-tree of a full-text table into one: a first step with a negative page count puts them
   * all on one level, the next ones carry that merge on until a step finds nothing to do (fewer than two
   * rows changed), as FTS5's documentation describes. Each step is a transaction of its own.
   */
  private merge(table: string): void {
    const packages = this.statements.packages.get()!;
    const started = performance.now();
    const step = this.db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('merge', ?)`);
    const changes = this.db.prepare<[], number>('SELECT total_changes()').pluck();
    let reported = started;
    for (let pages = -MERGE_STEP_PAGES; ; pages = MERGE_STEP_PAGES) {
      const before = changes.get()!;
      this.db.transaction(() => step.run(pages))();
      if (changes.get()! - before < 2) break;
      if (performance.now() - reported > 5_000) {
        reported = performance.now();
        this.progress(
          `Search index: merging the full-text index of ${packages.toLocaleString('en-US')} packages, ${((reported - started) / 1000).toFixed(0)} s so far`,
        );
      }
    }
    const seconds = (performance.now() - started) / 1000;
    if (seconds >= 1) this.progress(`Search index: full-text index of ${packages.toLocaleString('en-US')} packages merged in ${seconds.toFixed(0)} s`);
  }

  private fill(): void {
    const started = performance.now();
    let packages = 0;
    const copied = this.db
      .transaction(() => {
        // Read again under the write lock: another process may have filled it meanwhile.
        packages = this.statements.packages.get()!;
        const current = parseFilled(this.statements.meta.get(POPULAR_META_KEY));
        if (current && !this.due(current, packages)) {
          this.filled = current;
          return 0;
        }
        const wanted = packages >= 2 * this.size;
        if (current?.prefixes !== this.prefixes) this.db.exec(`DROP TABLE IF EXISTS popular_fts; ${this.createTable('popular_fts')}`);
        this.db.exec('DELETE FROM popular_fts');
        const threshold = wanted
          ? this.db
              .prepare<[number], number>('SELECT popularity FROM packages ORDER BY popularity DESC LIMIT 1 OFFSET ?')
              .pluck()
              .get(this.size - 1)!
          : null;
        // Packages never downloaded are most of an index at times: a table holding them all would be no smaller.
        const kept = threshold !== null && threshold > 0 ? threshold : null;
        this.save({ threshold: kept, packages, prefixes: this.prefixes });
        if (kept === null) return 0;
        return this.db
          .prepare(
            `INSERT INTO popular_fts (rowid, name, description, keywords, owner)
           SELECT f.rowid, f.name, f.description, f.keywords, f.owner FROM packages p JOIN packages_fts f ON f.rowid = p.id WHERE p.popularity >= ?`,
          )
          .run(kept).changes;
      })
      .immediate();
    if (copied > 0) {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      this.progress(
        `Search index: the ${copied.toLocaleString('en-US')} most used of ${packages.toLocaleString('en-US')} packages copied to their own full-text table in ${seconds} s`,
      );
    }
  }

  private save(filled: Filled): void {
    this.filled = filled;
    this.db
      .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(POPULAR_META_KEY, JSON.stringify(filled));
  }
}

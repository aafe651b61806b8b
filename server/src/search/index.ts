/**
 * The package search index in SQLite: one row per package with its record as JSON, an FTS5 table over
 * name, description, keywords and owner, a facet table for filters, and a deletion-neighbourhood table
 * over name words for typo tolerance. One file under the data directory; WAL mode, so several services
 * of one machine can read while one writes.
 *
 * `SearchIndex` is the one object its callers hold; each of its jobs is a module of `sqliteIndex/`: the
 * tables and their migration (`schema.ts`), the writes (`writer.ts`), what a connection keeps in memory and
 * how it follows other connections' writes (`memory.ts`), and the queries (`ranking.ts`, with `browse.ts`,
 * `candidates.ts`, `counting.ts`, `scoring.ts`).
 */
import type Database from 'better-sqlite3';
import { FullTextUpkeep } from './fullTextUpkeep.ts';
import type { SearchRecord } from './record.ts';
import type { QueryContext } from './sqliteIndex/context.ts';
import { EXACT_COUNT_VOLUME_IN_MEMORY } from './sqliteIndex/counting.ts';
import { IndexMemory } from './sqliteIndex/memory.ts';
import { corrections, search } from './sqliteIndex/ranking.ts';
import { fullTextTable, openIndexConnection, PREFIX_LENGTHS } from './sqliteIndex/schema.ts';
import { StatementShapes } from './sqliteIndex/statementShapes.ts';
import type { RecordSource, SearchParams, SearchResult } from './sqliteIndex/types.ts';
import { IndexWriter } from './sqliteIndex/writer.ts';

export type { RecordSource, SearchParams, SearchResult } from './sqliteIndex/types.ts';

interface PackageRow {
  id: number;
  record: string;
}

export interface SearchIndexOptions {
  /** A connection of a query thread (see the constructor). */
  reader?: boolean;
  progress?: (message: string) => void;
  /** Packages in the popular packages' full-text table (tests make it small). */
  popularSize?: number;
  /** Matches of plain words are counted exactly up to this volume of their words (tests make it small). */
  exactCountVolume?: number;
  /**
   * Whether a package may be indexed (the operator's allow-list and deny-list, `packages/access.ts`): a refused
   * one is never written, so no query finds it; every package when absent.
   */
  admit?: (name: string) => boolean;
}

export class SearchIndex {
  readonly db: Database.Database;
  private readonly statements;
  private readonly shapes: StatementShapes;
  private readonly memory: IndexMemory;
  private readonly writer: IndexWriter;
  private readonly query: QueryContext;
  private readonly admit: ((name: string) => boolean) | undefined;

  /**
   * `reader`: a connection of a query thread to an index another connection has created; it only reads
   * (SQLite refuses its writes), and sees the writer's commits (WAL).
   */
  constructor(file: string, options: SearchIndexOptions = {}) {
    const progress = options.progress ?? ((message) => process.stderr.write(`${message}\n`));
    this.db = openIndexConnection(file, options.reader ?? false, progress);
    this.admit = options.admit;
    // The writing connection's upkeep of the popular packages' full-text table; none on a reading connection.
    const fullTextUpkeep = options.reader ? undefined : new FullTextUpkeep(this.db, fullTextTable, PREFIX_LENGTHS, progress, options.popularSize);
    this.statements = {
      byName: this.db.prepare<[string], PackageRow>('SELECT id, record FROM packages WHERE name = ?'),
      count: this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM packages'),
      getMeta: this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      setMeta: this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      sourceOf: this.db.prepare<[string], { source: RecordSource }>('SELECT source FROM packages WHERE name = ?'),
    };
    this.shapes = new StatementShapes(this.db);
    this.memory = new IndexMemory(this.db, this.shapes, (key) => this.getMeta(key));
    this.writer = new IndexWriter(this.db, this.shapes, this.memory, fullTextUpkeep);
    this.query = {
      db: this.db,
      shapes: this.shapes,
      memory: this.memory,
      exactCountVolume: options.exactCountVolume ?? EXACT_COUNT_VOLUME_IN_MEMORY,
      count: () => this.count(),
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  count(): number {
    return this.statements.count.get()!.n;
  }

  getMeta(key: string): string | undefined {
    return this.statements.getMeta.get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.statements.setMeta.run(key, value);
  }

  get(name: string): SearchRecord | undefined {
    const row = this.statements.byName.get(name);
    return row ? (JSON.parse(row.record) as SearchRecord) : undefined;
  }

  sourceOf(name: string): RecordSource | undefined {
    return this.statements.sourceOf.get(name)?.source;
  }

  /** The most used packages still known only from the catalog, for enrichment from their documents. */
  catalogOnly(limit: number): string[] {
    return this.shapes
      .cached<[number], string>("SELECT name FROM packages WHERE source = 'catalog' ORDER BY popularity DESC, id ASC LIMIT ?")
      .pluck()
      .all(limit);
  }

  // ---- writes (sqliteIndex/writer.ts) ----

  /** Records that the registry has no document for keep their catalog data and are not asked for again. */
  markUnavailable(name: string): void {
    this.writer.markUnavailable(name);
  }

  /** Adds or replaces one record. Call inside `transaction` for many. */
  upsert(record: SearchRecord, source: RecordSource): void {
    if (this.admit && !this.admit(record.name)) return;
    this.writer.upsert(record, source);
  }

  /**
   * Removes the packages indexed before the operator refused them (the catalog, an earlier configuration);
   * returns how many went. Reads every name, so it runs once at start-up, and only when a list is configured.
   */
  removeRefused(): number {
    const admit = this.admit;
    if (!admit) return 0;
    const refused = this.shapes
      .cached<[], string>('SELECT name FROM packages')
      .pluck()
      .all()
      .filter((name) => !admit(name));
    if (refused.length) this.writer.transaction(() => refused.forEach((name) => this.writer.remove(name)));
    return refused.length;
  }

  /** Sets `jsDelivrHits` of every indexed package from our statistics (every other package 0); returns how many changed. */
  setHits(hits: ReadonlyMap<string, number>, options: { lockWaitMs?: number } = {}): number {
    return this.writer.setHits(hits, options);
  }

  /** Removes a package; returns whether it was there. */
  remove(name: string): boolean {
    return this.writer.remove(name);
  }

  /**
   * Runs `work` in one write transaction begun IMMEDIATE; `lockWaitMs` waits less than the connection's
   * busy timeout for another connection's lock (a writer on a serving thread). See `IndexWriter.transaction`.
   */
  transaction<T>(work: () => T, options: { lockWaitMs?: number } = {}): T {
    return this.writer.transaction(work, options);
  }

  // ---- queries (sqliteIndex/ranking.ts) ----

  /** Spellings within one typo of `word` that occur in some package name. */
  corrections(word: string): string[] {
    return corrections(this.query, word);
  }

  /** One search, read in one snapshot of the index (the popular table and its threshold agree, say). */
  search(params: SearchParams): SearchResult {
    return search(this.query, params);
  }

  // ---- what is kept in memory (sqliteIndex/memory.ts) ----

  /**
   * Whether the changed packages in the words in memory are many enough to merge (`upkeep`): a second or
   * more at millions of packages, so the query threads do it between calls (`serveJobs`' upkeep).
   */
  upkeepDue(): boolean {
    return this.memory.upkeepDue();
  }

  /** Merges the changed packages into the words in memory, in one snapshot of the index. */
  upkeep(): void {
    this.memory.upkeep();
  }

  /** Warms what the first search would otherwise load. */
  warm(): void {
    this.memory.warm();
  }
}

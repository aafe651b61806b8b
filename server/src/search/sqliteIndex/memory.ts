/**
 * What one connection keeps in memory of the index, and how it follows the file's changes: the ranking
 * keys of every package, the words of every live name, the words of every package's text (and of the
 * popular packages' table), and the packages of each facet value. This connection's own writes update
 * them at once (`IndexWriter`); another connection's writes are learnt from the `package_changes` table
 * when SQLite's `data_version` says the file changed.
 */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { NameIndex, STALE_LIMIT } from '../nameIndex.ts';
import { RankKeyTable, rankKeysOf, type RankKeyRow, type RankKeys } from '../rankKeys.ts';
import { POPULAR_META_KEY, popularThreshold } from '../fullTextUpkeep.ts';
import { STALE_LIMIT as TEXT_STALE_LIMIT, TextIndex } from '../textIndex.ts';
import { nameScore } from './order.ts';
import type { StatementShapes } from './statementShapes.ts';

/** The changed packages' text is read this many at a time (one statement each). */
const TEXT_READ_BATCH = 500;

/** Past this many changed packages a query merges them itself rather than wait for `upkeep` (see `TEXT_STALE_LIMIT`). */
const TEXT_MERGE_LIMIT = 200_000;

/** A package's row of a full-text table (`TEXT_COLUMNS`, read raw): its id and the text of each column. */
type TextRow = [id: number, name: string | null, description: string | null, keywords: string | null, owner: string | null];
const TEXT_COLUMNS = 'rowid, name, description, keywords, owner';

/** A package's id and its whole text, as the words in memory take it. */
function textOf([id, ...columns]: TextRow): [number, string] {
  return [id, columns.join(' ')];
}

/** The words of the popular packages' table, and the fill of the table they were read from (its `meta` value). */
export interface PopularText {
  fill: string;
  text: TextIndex;
}

export class IndexMemory {
  /** Ranking keys kept in memory, filled on first use and kept current by this process's writes. */
  private rankKeys: RankKeyTable | undefined;
  private nameIndex: NameIndex | undefined;
  private textIndex: TextIndex | undefined;
  private popularTextIndex: PopularText | undefined;
  /** Ids per facet value; bounded, as the values come from queries. */
  private readonly facetSets = new LRUCache<string, Set<number>>({ max: 2_000 });
  private dataVersion: number | undefined;
  /** The last package change the ranking keys in memory include. */
  private changesSeen = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly shapes: StatementShapes,
    private readonly getMeta: (key: string) => string | undefined,
  ) {}

  /**
   * Another connection may have written to the same file: the ranking keys of the packages it changed are
   * read again (all of them only when the change log no longer reaches back far enough, or when most
   * changed), and the facet sets are dropped.
   */
  refresh(): void {
    const version = this.db.pragma('data_version', { simple: true }) as number;
    if (this.dataVersion !== undefined && version !== this.dataVersion) {
      this.facetSets.clear();
      if (this.rankKeys && !this.applyChanges(this.rankKeys)) {
        this.rankKeys = undefined;
        this.nameIndex = undefined;
        this.textIndex = undefined;
        this.popularTextIndex = undefined;
      }
    }
    this.dataVersion = version;
  }

  /** Refreshes the keys of the packages changed since the last look; false when they must all be read again. */
  private applyChanges(keys: RankKeyTable): boolean {
    const changes = this.shapes
      .cached<[number], { seq: number; id: number }>('SELECT seq, id FROM package_changes WHERE seq > ? ORDER BY seq')
      .all(this.changesSeen);
    if (changes.length === 0) return true;
    if (changes[0]!.seq !== this.changesSeen + 1 || changes.length > keys.size / 10) return false;
    const keyRow = this.shapes.cached<[number], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages WHERE id = ?');
    for (const id of new Set(changes.map((change) => change.id))) {
      const row = keyRow.get(id);
      if (row) keys.set(id, rankKeysOf(row));
      else keys.delete(id);
      this.keysChanged(id);
    }
    this.changesSeen = changes.at(-1)!.seq;
    return true;
  }

  /** A package's ranking keys, all of them read on first use. */
  keysOf(id: number): RankKeys | undefined {
    if (!this.rankKeys) {
      // Read before the packages: a change made meanwhile is applied again later, which does no harm.
      this.changesSeen = this.shapes.cached<[], { seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM package_changes').get()!.seq;
      this.rankKeys = new RankKeyTable();
      const rows = this.db.prepare<[], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages').all();
      for (const row of rows) this.rankKeys.set(row.id, rankKeysOf(row));
    }
    return this.rankKeys.get(id);
  }

  /** How many packages the ranking keys hold; undefined before they are read. */
  get keyCount(): number | undefined {
    return this.rankKeys?.size;
  }

  /** Whether the ranking keys are in memory (this connection's writes then keep them current). */
  get keysHeld(): boolean {
    return this.rankKeys !== undefined;
  }

  /** This connection wrote a package: its keys as written. */
  setKeys(id: number, keys: RankKeys): void {
    this.rankKeys?.set(id, keys);
  }

  /** This connection removed a package. */
  deleteKeys(id: number): void {
    this.rankKeys?.delete(id);
  }

  /** A package's ranking keys changed: its place among the names and words in memory is out of date. */
  keysChanged(id: number): void {
    this.nameIndex?.stale.add(id);
    this.textIndex?.changed(id);
    this.popularTextIndex?.text.changed(id);
  }

  /** A package's facets changed: the sets of packages per facet value are read again. */
  facetsChanged(): void {
    this.facetSets.clear();
  }

  /** The names in memory, built from the ranking keys on first use and again once too many packages changed. */
  names(): NameIndex {
    if (!this.nameIndex || this.nameIndex.stale.size > STALE_LIMIT) {
      this.keysOf(0);
      this.nameIndex = new NameIndex(this.rankKeys!, nameScore);
    }
    return this.nameIndex;
  }

  /**
   * The words of every package's text in memory, built from the full-text table on first use (after the
   * ranking keys: a change they have not seen yet is applied to both), with the current text of packages
   * changed since read in, and merged in once they are many.
   */
  text(): TextIndex {
    this.keysOf(0);
    this.textIndex ??= this.readText('packages_fts');
    return this.withChangesLearnt(this.textIndex, 'packages_fts');
  }

  /** The same for the popular packages' table (`popular_fts`), read again once it is filled again; undefined without one. */
  popularText(): PopularText | undefined {
    const fill = this.getMeta(POPULAR_META_KEY);
    if (fill === undefined || popularThreshold(fill) === null) return undefined;
    this.keysOf(0);
    if (this.popularTextIndex?.fill !== fill) this.popularTextIndex = { fill, text: this.readText('popular_fts') };
    this.withChangesLearnt(this.popularTextIndex.text, 'popular_fts');
    return this.popularTextIndex;
  }

  private readText(table: 'packages_fts' | 'popular_fts'): TextIndex {
    const rows = this.db.prepare<[], TextRow>(`SELECT ${TEXT_COLUMNS} FROM ${table} ORDER BY rowid`).raw();
    return new TextIndex(
      (function* () {
        for (const row of rows.iterate()) yield textOf(row);
      })(),
    );
  }

  /**
   * Reads the current text of the packages changed since `text` was built (absent from `table`: gone). They
   * are merged in by `upkeep`, between calls; a query merges them only past TEXT_MERGE_LIMIT (a thread that
   * never gets a quiet moment).
   */
  private withChangesLearnt(text: TextIndex, table: 'packages_fts' | 'popular_fts'): TextIndex {
    const unknown = text.unknownStale();
    for (let at = 0; at < unknown.length; at += TEXT_READ_BATCH) {
      const ids = unknown.slice(at, at + TEXT_READ_BATCH);
      const rows = this.shapes
        .cached<number[], TextRow>(`SELECT ${TEXT_COLUMNS} FROM ${table} WHERE rowid IN (${ids.map(() => '?').join(',')})`)
        .raw()
        .all(...ids);
      const texts = new Map(rows.map(textOf));
      for (const id of ids) text.learn(id, texts.get(id));
    }
    if (text.staleCount > TEXT_MERGE_LIMIT) text.compact();
    return text;
  }

  /**
   * Whether the changed packages in the words in memory are many enough to merge (`upkeep`): a second or
   * more at millions of packages, so the query threads do it between calls (`serveJobs`' upkeep).
   */
  upkeepDue(): boolean {
    return (this.textIndex?.staleCount ?? 0) > TEXT_STALE_LIMIT || (this.popularTextIndex?.text.staleCount ?? 0) > TEXT_STALE_LIMIT;
  }

  /** Merges the changed packages into the words in memory, in one snapshot of the index. */
  upkeep(): void {
    this.db.transaction(() => {
      this.refresh();
      for (const text of [this.text(), this.popularText()?.text]) {
        if (text && text.staleCount > 0) text.compact();
      }
    })();
  }

  /** Loads what the first search would otherwise load. */
  warm(): void {
    this.refresh();
    this.keysOf(0);
    this.text();
    this.popularText();
    this.names();
  }

  /** The packages holding one facet value. */
  facetSet(attribute: string, value: string): Set<number> {
    const key = `${attribute}\u0000${value}`;
    let set = this.facetSets.get(key);
    if (!set) {
      set = new Set(this.shapes.cached<[string, string], number>('SELECT id FROM facets WHERE attribute = ? AND value = ?').pluck().all(attribute, value));
      this.facetSets.set(key, set);
    }
    return set;
  }
}

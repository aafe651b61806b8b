// Over 500 lines: schema, writes and ranking share one connection's prepared statements and in-memory caches; a split by responsibility is planned and was not done in this change.
/**
 * The package search index in SQLite: one row per package with its record as JSON, an FTS5 table over
 * name, description, keywords and owner, a facet table for filters, and a deletion-neighbourhood table
 * over name words for typo tolerance. One file under the data directory; WAL mode, so several services
 * of one machine can read while one writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { facetEntries, facetValue, FACET_ATTRIBUTES, type FacetFilterGroups } from './facets.ts';
import { NameIndex, STALE_LIMIT } from './nameIndex.ts';
import { RankKeyTable, rankKeysOf, type RankKeyRow, type RankKeys } from './rankKeys.ts';
import { normalizeName, popularityOf, type SearchRecord } from './record.ts';
import { bm25, nameText, type CorpusStats, type QueryTerm } from './relevance.ts';
import { FullTextUpkeep, POPULAR_META_KEY, popularThreshold } from './fullTextUpkeep.ts';
import { STALE_LIMIT as TEXT_STALE_LIMIT, TextIndex, tokensMatch } from './textIndex.ts';
import { foldedTokens, MIN_PREFIX_LENGTH, matchExpression, tokenize, wordsOf, type WordAlternatives } from './text.ts';
import { deletionKeys, editDistance, MIN_TYPO_WORD_LENGTH, nameWords } from './typos.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from '../shared/sqlite.ts';

export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: FacetFilterGroups;
}

export interface SearchResult {
  records: SearchRecord[];
  nbHits: number;
  /** False when `nbHits` is an estimate (counting every match would have cost more than the rest of the query). */
  exhaustive: boolean;
}

/**
 * Where a record came from: the shipped catalog (partial), a package document (full), or the catalog with
 * the registry having no document for it (so enrichment does not ask again).
 */
export type RecordSource = 'catalog' | 'document' | 'catalog-unavailable';

/** How much a tenfold difference in use weighs against text relevance within a relevance tier. */
const POPULARITY_WEIGHT = 1.2;

/**
 * Each name word beyond the typed ones costs this much of the blended score (close to a tenfold popularity):
 * while typing `reac`, react comes before the more downloaded react-is.
 */
const EXTRA_NAME_WORD_PENALTY = 1.0;

/**
 * How many of the best candidates (by tiers and popularity) are re-ranked with bm25: five pages of the
 * website, ten of the compact search. Beyond it the order is by tiers and popularity alone, which is what decides those places anyway.
 */
const RERANK_POOL = 50;

/**
 * Matches are counted exactly when the query's words hold at most this many (word, package) entries: in the
 * full-text index (a few milliseconds of reading), or in the words in memory when the query is plain words
 * (a tenth of a millisecond; with filters, each match is tested). Past it `nbHits` is estimated from the words' package counts, and `exhaustive` is false.
 */
const EXACT_COUNT_VOLUME = 2_000;
const EXACT_COUNT_VOLUME_IN_MEMORY = 20_000;

/**
 * A one-word query whose names hold at most this many entries reads them in order (sorted); past it the
 * walk through every live package finds the best names, in a few thousand steps since they are many.
 */
const NAME_SORT_LIMIT = 30_000;

/** A query of several words reads every name holding its rarest word, when they are at most this many. */
const NAME_DRIVER_LIMIT = 20_000;

/**
 * Another word's names narrow those of a query's rarest word in typed arrays when they are at most this
 * many (a two-letter prefix can have more); past it each remaining name is tested instead.
 */
const NAME_MARK_LIMIT = 1_000_000;

/** The walk through every live package, best first, gives up (and every match is ranked) past this many. */
const NAME_WALK_LIMIT = 400_000;

/**
 * A query of plain words holding at most this many entries in all has every match read first from the words
 * in memory (under a millisecond); a query with more, or with more than RANK_EVERY_LIMIT matches, tries the
 * popular packages first (`popularCandidates`): ranking each match costs about a microsecond.
 */
const MATCH_FIRST_VOLUME = 100_000;
const RANK_EVERY_LIMIT = 2_000;

/** The changed packages' text is read this many at a time (one statement each). */
const TEXT_READ_BATCH = 500;

/** Past this many changed packages a query merges them itself rather than wait for `upkeep` (see `TEXT_STALE_LIMIT`). */
const TEXT_MERGE_LIMIT = 200_000;

/** A group of filters letting at most this many packages through makes them the candidates (their records are read). */
const FILTER_UNIVERSE_LIMIT = 1_000;

/** In typo mode, more matches as typed than this (possible with filters) and every match is ranked. */
const TYPO_FREE_LIMIT = 1_000;

/** Fewer exact results than this and the query is run again with typo corrections. */
const TYPO_THRESHOLD = 5;

/**
 * Prefix lengths the full-text index keeps an index of (FTS5 `prefix`): a query's last word of one of these
 * lengths (`client*`) reads one list of packages instead of every entry of every word starting with it.
 * Changing them rebuilds the full-text table of an existing index file at start-up (`rebuildFullText`).
 */
const PREFIX_LENGTHS = '2 3 4 5 6 7 8';

function fullTextTable(name: string): string {
  return `CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING fts5 (
    name, description, keywords, owner, tokenize = 'unicode61', prefix = '${PREFIX_LENGTHS}'
  )`;
}

/** Packages copied per transaction while the full-text table is rebuilt (by rowid range). */
const REBUILD_BATCH = 50_000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS packages (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    name_norm TEXT NOT NULL,
    name_words INTEGER NOT NULL,
    record TEXT NOT NULL,
    popularity REAL NOT NULL,
    deprecated INTEGER NOT NULL,
    source TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS packages_by_name_norm ON packages (name_norm);
  CREATE INDEX IF NOT EXISTS packages_by_rank ON packages (deprecated, popularity DESC);
  CREATE TABLE IF NOT EXISTS facets (
    attribute TEXT NOT NULL, value TEXT NOT NULL, id INTEGER NOT NULL,
    PRIMARY KEY (attribute, value, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS facets_by_id ON facets (id);
  ${fullTextTable('packages_fts')};
  ${fullTextTable('popular_fts')};
  CREATE TABLE IF NOT EXISTS typo_keys (key TEXT NOT NULL, word TEXT NOT NULL, PRIMARY KEY (key, word)) WITHOUT ROWID;
  -- Which packages changed, in order, so that other connections (the query threads) refresh what they hold
  -- in memory for those alone instead of reading every package again. The last 100,000 are kept.
  CREATE TABLE IF NOT EXISTS package_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, id INTEGER NOT NULL);
  CREATE TRIGGER IF NOT EXISTS packages_inserted AFTER INSERT ON packages BEGIN INSERT INTO package_changes (id) VALUES (new.id); END;
  CREATE TRIGGER IF NOT EXISTS packages_updated AFTER UPDATE OF name, name_norm, popularity, deprecated ON packages BEGIN INSERT INTO package_changes (id) VALUES (new.id); END;
  CREATE TRIGGER IF NOT EXISTS packages_deleted AFTER DELETE ON packages BEGIN INSERT INTO package_changes (id) VALUES (old.id); END;
  CREATE TRIGGER IF NOT EXISTS package_changes_pruned AFTER INSERT ON package_changes WHEN new.seq % 1000 = 0
    BEGIN DELETE FROM package_changes WHERE seq <= new.seq - 100000; END;
`;

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
}

export class SearchIndex {
  private readonly exactCountVolume: number;
  readonly db: Database.Database;
  private readonly statements;
  /** The writing connection's upkeep of the popular packages' full-text table; none on a reading connection. */
  private readonly fullTextUpkeep: FullTextUpkeep | undefined;

  /**
   * `reader`: a connection of a query thread to an index another connection has created; it only reads
   * (SQLite refuses its writes), and sees the writer's commits (WAL).
   */
  constructor(file: string, options: SearchIndexOptions = {}) {
    this.exactCountVolume = options.exactCountVolume ?? EXACT_COUNT_VOLUME_IN_MEMORY;
    if (options.reader) {
      this.db = new Database(file, { fileMustExist: true });
      this.db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      this.db.pragma('query_only = ON');
    } else {
      if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
      this.db = new Database(file);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      this.db.exec(SCHEMA);
      const progress = options.progress ?? ((message) => process.stderr.write(`${message}\n`));
      this.rebuildFullText(progress);
      this.fullTextUpkeep = new FullTextUpkeep(this.db, fullTextTable, PREFIX_LENGTHS, progress, options.popularSize);
    }
    this.statements = {
      byName: this.db.prepare<[string], PackageRow>('SELECT id, record FROM packages WHERE name = ?'),
      insert: this.db.prepare(
        'INSERT INTO packages (name, name_norm, name_words, record, popularity, deprecated, source) VALUES (@name, @nameNorm, @nameWords, @record, @popularity, @deprecated, @source)',
      ),
      update: this.db.prepare(
        'UPDATE packages SET name_norm = @nameNorm, name_words = @nameWords, record = @record, popularity = @popularity, deprecated = @deprecated, source = @source WHERE id = @id',
      ),
      deletePackage: this.db.prepare('DELETE FROM packages WHERE id = ?'),
      insertText: this.db.prepare('INSERT INTO packages_fts (rowid, name, description, keywords, owner) VALUES (?, ?, ?, ?, ?)'),
      deleteText: this.db.prepare('DELETE FROM packages_fts WHERE rowid = ?'),
      insertFacet: this.db.prepare('INSERT OR IGNORE INTO facets (attribute, value, id) VALUES (?, ?, ?)'),
      deleteFacets: this.db.prepare('DELETE FROM facets WHERE id = ?'),
      insertTypoKey: this.db.prepare('INSERT OR IGNORE INTO typo_keys (key, word) VALUES (?, ?)'),
      count: this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM packages'),
      getMeta: this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      setMeta: this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      sourceOf: this.db.prepare<[string], { source: RecordSource }>('SELECT source FROM packages WHERE name = ?'),
    };
  }

  /**
   * An index file written with other prefix lengths has its full-text table rebuilt from the table's own
   * text: into a new table, in transactions of REBUILD_BATCH packages (a rebuild cut short is started again
   * at the next start-up), which then replaces the old one in one transaction. Takes a few minutes at
   * millions of packages; `progress` hears how far it got. Reading connections keep the old table until
   * the replacement commits.
   */
  private rebuildFullText(progress: (message: string) => void): void {
    const prefixes = this.prefixLengthsOf('packages_fts');
    if (prefixes === undefined || prefixes === PREFIX_LENGTHS) return;
    const started = performance.now();
    const total = this.db.prepare<[], number>('SELECT count(*) FROM packages').pluck().get()!;
    const last = this.db.prepare<[], number | null>('SELECT max(rowid) FROM packages_fts').pluck().get() ?? 0;
    progress(
      `Search index: rebuilding the full-text index of ${total.toLocaleString('en-US')} packages with prefix lengths ${PREFIX_LENGTHS} (was ${prefixes || 'none'})`,
    );
    this.db.exec('DROP TABLE IF EXISTS packages_fts_rebuilt');
    this.db.exec(fullTextTable('packages_fts_rebuilt'));
    const copy = this.db.prepare(
      'INSERT INTO packages_fts_rebuilt (rowid, name, description, keywords, owner) SELECT rowid, name, description, keywords, owner FROM packages_fts WHERE rowid >= ? AND rowid < ?',
    );
    let copied = 0;
    for (let from = 0; from <= last; from += REBUILD_BATCH) {
      copied += this.transaction(() => copy.run(from, from + REBUILD_BATCH).changes);
      const seconds = (performance.now() - started) / 1000;
      progress(
        `Search index: full-text index rebuilt for ${copied.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} packages in ${seconds.toFixed(0)} s`,
      );
    }
    this.transaction(() => this.db.exec('DROP TABLE packages_fts; ALTER TABLE packages_fts_rebuilt RENAME TO packages_fts'));
    progress(`Search index: full-text index rebuilt in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  /** The prefix lengths a full-text table of the file was created with (`'2 3'`, `''` for none); undefined when it has no such table. */
  private prefixLengthsOf(table: string): string | undefined {
    const definition = this.db.prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table);
    if (!definition) return undefined;
    return (
      definition
        .match(/prefix\s*=\s*'([^']*)'/i)?.[1]
        ?.trim()
        .split(/\s+/)
        .join(' ') ?? ''
    );
  }

  /** Name words whose typo keys this process has already written (the keys never change for a word). */
  private readonly keyedWords = new Set<string>();

  /** Statements whose text depends on the query's shape are compiled once per shape. */
  private readonly shapes = new LRUCache<string, Database.Statement>({ max: 500 });
  private cached<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let statement = this.shapes.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.shapes.set(sql, statement);
    }
    return statement as Database.Statement<P, R>;
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

  /** The most used packages still known only from the catalog, for enrichment from their documents. */
  catalogOnly(limit: number): string[] {
    return this.cached<[number], string>("SELECT name FROM packages WHERE source = 'catalog' ORDER BY popularity DESC, id ASC LIMIT ?").pluck().all(limit);
  }

  /** Records that the registry has no document for keep their catalog data and are not asked for again. */
  markUnavailable(name: string): void {
    this.cached('UPDATE packages SET source = ? WHERE name = ? AND source = ?').run('catalog-unavailable', name, 'catalog');
  }

  sourceOf(name: string): RecordSource | undefined {
    return this.statements.sourceOf.get(name)?.source;
  }

  /** Adds or replaces one record. Call inside `transaction` for many. */
  upsert(record: SearchRecord, source: RecordSource): void {
    const existing = this.statements.byName.get(record.name);
    const nameNorm = normalizeName(record.name);
    const row = {
      name: record.name,
      nameNorm,
      nameWords: tokenize(record.name).length,
      record: JSON.stringify(record),
      popularity: popularityOf(record),
      deprecated: record.deprecated === false ? 0 : 1,
      source,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      this.statements.update.run({ ...row, id });
      this.statements.deleteText.run(id);
      this.fullTextUpkeep?.removed(id);
      this.statements.deleteFacets.run(id);
    } else {
      id = Number(this.statements.insert.run(row).lastInsertRowid);
    }
    // The joined spelling (`reactdom`) lets a query typed without separators still reach the name.
    const text = [nameText(record.name, nameNorm), record.description, record.keywords.join(' '), record.owner.name] as const;
    this.statements.insertText.run(id, ...text);
    this.fullTextUpkeep?.written(id, row.popularity, text);
    for (const { attribute, value } of facetEntries(record)) this.statements.insertFacet.run(attribute, value, id);
    this.rankKeys?.set(id, rankKeysOf({ id, name: record.name, nameNorm, popularity: row.popularity, deprecated: row.deprecated }));
    this.keysChanged(id);
    this.facetSets.clear();
    for (const word of nameWords(record.name)) {
      if (this.keyedWords.has(word)) continue;
      this.keyedWords.add(word);
      for (const key of deletionKeys(word)) this.statements.insertTypoKey.run(key, word);
    }
  }

  /**
   * Sets `jsDelivrHits` of every indexed package from our statistics in one transaction: the packages in
   * `hits` get their figure, every other package 0. Only records whose figure changes are written. Returns
   * how many changed. `options` as for `transaction`.
   */
  setHits(hits: ReadonlyMap<string, number>, options: { lockWaitMs?: number } = {}): number {
    return this.transaction(() => {
      const holders = this.cached<[], { name: string }>("SELECT name FROM packages WHERE record ->> '$.jsDelivrHits' > 0").all();
      const names = new Set([...hits.keys(), ...holders.map((row) => row.name)]);
      const setRecord = this.cached('UPDATE packages SET record = ?, popularity = ? WHERE id = ?');
      const keyRow = this.cached<[number], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages WHERE id = ?');
      let changed = 0;
      for (const name of names) {
        const row = this.statements.byName.get(name);
        if (!row) continue;
        const record = JSON.parse(row.record) as SearchRecord;
        const figure = Math.max(0, Math.round(hits.get(name) ?? 0));
        if (record.jsDelivrHits === figure) continue;
        const before = popularityOf(record);
        record.jsDelivrHits = figure;
        const popularity = popularityOf(record);
        setRecord.run(JSON.stringify(record), popularity, row.id);
        this.fullTextUpkeep?.popularityChanged(row.id, before, popularity);
        if (this.rankKeys) this.rankKeys.set(row.id, rankKeysOf(keyRow.get(row.id)!));
        this.keysChanged(row.id);
        changed++;
      }
      return changed;
    }, options);
  }

  /** Removes a package; returns whether it was there. */
  remove(name: string): boolean {
    const existing = this.statements.byName.get(name);
    if (!existing) return false;
    this.statements.deleteText.run(existing.id);
    this.fullTextUpkeep?.removed(existing.id);
    this.statements.deleteFacets.run(existing.id);
    this.statements.deletePackage.run(existing.id);
    this.rankKeys?.delete(existing.id);
    this.keysChanged(existing.id);
    this.facetSets.clear();
    return true;
  }

  /**
   * Runs `work` in one write transaction, begun IMMEDIATE: it takes the write lock first, waiting for it up
   * to the busy timeout. A deferred transaction reads first (`upsert` looks the package up) and then asks
   * to write; if another process wrote meanwhile SQLite cannot wait for it and answers SQLITE_BUSY at once.
   * `lockWaitMs` waits less than the connection's timeout (a writer on a serving thread); SQLITE_BUSY after
   * it is the caller's to retry. Inside another transaction it is a savepoint of that one.
   */
  transaction<T>(work: () => T, options: { lockWaitMs?: number } = {}): T {
    const nested = this.db.inTransaction;
    const waitChanged = !nested && options.lockWaitMs !== undefined;
    if (waitChanged) this.db.pragma(`busy_timeout = ${options.lockWaitMs}`);
    let result: T;
    try {
      result = this.db.transaction(work).immediate();
    } finally {
      if (waitChanged) this.db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
    if (!nested) this.fullTextUpkeep?.committed();
    return result;
  }

  /** Spellings within one typo of `word` that occur in some package name. */
  corrections(word: string): string[] {
    if (word.length < MIN_TYPO_WORD_LENGTH) return [];
    const keys = deletionKeys(word);
    const rows = this.cached<string[], { word: string }>(`SELECT DISTINCT word FROM typo_keys WHERE key IN (${keys.map(() => '?').join(',')})`).all(...keys);
    return rows.map((row) => row.word).filter((candidate) => candidate !== word && editDistance(word, candidate, 1) <= 1);
  }

  /** One search, read in one snapshot of the index (the popular table and its threshold agree, say). */
  search(params: SearchParams): SearchResult {
    return this.db.transaction(() => this.searchSnapshot(params))();
  }

  private searchSnapshot(params: SearchParams): SearchResult {
    const words = wordsOf(params.query);
    if (words.length === 0) return this.browse(filterClause(params.facetFilters), params);

    const exact = words.map((word): WordAlternatives => ({ word, corrections: [] }));
    const { everyMatch, ...first } = this.rank(exact, [normalizeName(params.query)], false, params.facetFilters, params);
    if (first.nbHits >= TYPO_THRESHOLD) return first;

    const corrected = words.map((word): WordAlternatives => ({ word, corrections: this.corrections(word) }));
    if (corrected.every((entry) => entry.corrections.length === 0)) return first;
    // A name equal to the query with its typos corrected ranks first, as the exact name would.
    const exactNames = new Set([normalizeName(params.query)]);
    for (const [index, entry] of corrected.entries()) {
      for (const correction of entry.corrections) {
        exactNames.add(normalizeName(words.map((word, at) => (at === index ? correction : word)).join('')));
      }
    }
    // The matches as typed are those the first pass ranked, when it read them all.
    const { everyMatch: _, ...result } = this.rank(corrected, [...exactNames], true, params.facetFilters, params, everyMatch);
    return result;
  }

  /**
   * No words: every package that passes the filters, most used first. Without filters the rank index gives
   * the order; with them, the packages in memory are walked in that order until the page is filled (or,
   * for a filter that keeps few packages, those are sorted), as SQLite would first gather every package a
   * negated filter names.
   */
  private browse(filter: SqlClause, params: SearchParams): SearchResult {
    this.refreshCaches();
    const start = params.page * params.hitsPerPage;
    const inMemory = filter.sql === '1' ? null : this.browseInMemory(params.facetFilters, start + params.hitsPerPage)?.slice(start, start + params.hitsPerPage);
    const ids =
      inMemory?.map((id) => ({ id })) ??
      this.cached<unknown[], { id: number }>(
        `SELECT p.id FROM packages p WHERE ${filter.sql}
         ORDER BY p.deprecated ASC, p.popularity DESC, p.id ASC LIMIT ? OFFSET ?`,
      ).all(...filter.args, params.hitsPerPage, start);
    // Without filters the count is every package: the ranking keys in memory know it; counting rows would
    // scan an index of the whole table (tens of milliseconds at millions of packages). One filter is counted
    // by its set of packages in memory, which the query threads keep.
    this.keysOf(0);
    const total = this.rankKeys!.size;
    const groups = params.facetFilters.filter((group) => group.length > 0);
    const only = groups.length === 1 && groups[0]!.length === 1 ? groups[0]![0]! : undefined;
    let nbHits: number;
    if (filter.args.length === 0 && filter.sql === '1') nbHits = total;
    else if (only && Object.hasOwn(FACET_ATTRIBUTES, only.attribute)) {
      const size = this.facetSet(only.attribute, facetValue(only.value)).size;
      nbHits = only.negated ? total - size : size;
    } else nbHits = this.cached<unknown[], { n: number }>(`SELECT count(*) AS n FROM packages p WHERE ${filter.sql}`).get(...filter.args)!.n;
    return { records: this.recordsOf(ids.map((row) => row.id)), nbHits, exhaustive: true };
  }

  /** The first `end` packages passing the filters in the empty query's order; null when too few are near the top. */
  private browseInMemory(groups: FacetFilterGroups, end: number): number[] | null {
    const passes = this.facetPredicate(groups);
    const compare = (a: number, b: number): number => {
      const x = this.keysOf(a)!;
      const y = this.keysOf(b)!;
      return Number(x.deprecated) - Number(y.deprecated) || y.popularity - x.popularity || a - b;
    };
    const universe = this.filterUniverse(groups);
    if (universe) return universe.filter((id) => this.keysOf(id) !== undefined && passes(id)).sort(compare);
    const names = this.names();
    const found: number[] = [];
    for (const id of names.stale) if (this.keysOf(id) && passes(id)) found.push(id);
    let taken = 0;
    const outcome = names.walk(
      (id) => {
        if (!passes(id)) return false;
        found.push(id);
        return ++taken >= end;
      },
      NAME_WALK_LIMIT,
      'browse',
    );
    return outcome === 'limit' ? null : found.sort(compare).slice(0, end);
  }

  /**
   * The packages a group of filters that only names values (no negation) lets through, sorted, when they
   * are few (an owner, a rare keyword): then they, not the full-text matches, are the candidates.
   */
  private filterUniverse(groups: FacetFilterGroups): number[] | null {
    let best: number[] | null = null;
    for (const group of groups) {
      if (group.length === 0 || group.some((filter) => filter.negated || !Object.hasOwn(FACET_ATTRIBUTES, filter.attribute))) continue;
      const sets = group.map((filter) => this.facetSet(filter.attribute, facetValue(filter.value)));
      if (sets.reduce((sum, set) => sum + set.size, 0) > FILTER_UNIVERSE_LIMIT) continue;
      const ids = [...new Set(sets.flatMap((set) => [...set]))].sort((a, b) => a - b);
      if (!best || ids.length < best.length) best = ids;
    }
    return best;
  }

  /** Those of `ids` whose records match the words as the full-text index would (ascending ids). */
  private matchingIn(ids: readonly number[], slots: readonly string[][]): number[] {
    if (ids.length === 0) return [];
    const rows = this.cached<number[], { id: number; record: string }>(`SELECT id, record FROM packages WHERE id IN (${ids.map(() => '?').join(',')})`).all(
      ...ids,
    );
    return rows
      .filter((row) => textMatches(JSON.parse(row.record) as SearchRecord, slots))
      .map((row) => row.id)
      .sort((a, b) => a - b);
  }

  /**
   * Words present. The full-text index finds the matches; the order is: the exact name, then (with typo
   * corrections in play) what matches as typed before what needs a correction, and among the latter a name
   * equal to the corrected query, the more used first (recat: react, recast); then not deprecated; then all
   * words in the name; whole words before mere prefixes (react: react-dom before reactstrap); then text
   * relevance (BM25) blended with popularity, a name longer than the query costing a little. Stage one orders
   * the candidates (every match, the packages a narrow filter keeps, or the few that decidedByNames shows to
   * decide the page) by the cheap keys from memory; stage two re-ranks the best RERANK_POOL with BM25.
   */
  private rank(
    words: readonly WordAlternatives[],
    exactNames: readonly string[],
    typoMode: boolean,
    groups: FacetFilterGroups,
    params: SearchParams,
    matchesAsTyped?: readonly number[],
  ): RankedPage {
    this.refreshCaches();
    const [literal, ...corrected] = exactNames;
    const correctedNames = new Set(corrected);
    const matchIds = this.cached<[string], number>('SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?').pluck();
    const passes = this.facetPredicate(groups);
    const typed = nameProbe(words.map(({ word }) => [word]));
    const withCorrections = nameProbe(words.map(({ word, corrections }) => [word, ...corrections]));
    const slots = words.map(({ word, corrections }) => [word, ...corrections]);
    // Plain ASCII words are found in the words in memory, which fold as the full-text tokenizer does for them.
    const text = plainWords(slots) ? this.text() : null;
    const matchesOf = (alternatives: readonly WordAlternatives[]): number[] =>
      text ? text.matching(alternatives.map(({ word, corrections }) => [word, ...corrections])) : matchIds.all(matchExpression(alternatives));
    // A filter keeping few packages: they are the candidates, tested against the words one by one.
    const universe = text ? this.filterUniverse(groups) : null;
    const inUniverse = universe ? this.matchingIn(universe, slots) : null;
    const typoFreeIds = !typoMode
      ? null
      : inUniverse
        ? new Set(
            this.matchingIn(
              inUniverse,
              words.map(({ word }) => [word]),
            ),
          )
        : new Set(matchesAsTyped ?? matchesOf(words.map(({ word }) => ({ word, corrections: [] }))));

    const offset = params.page * params.hitsPerPage;
    const wanted = Math.max(offset + params.hitsPerPage, RERANK_POOL);

    // Stage one, over the candidates: tiers and popularity packed into one sortable number per row. Plain
    // arrays and no object per row: this loop runs for thousands of matches of a two-letter prefix.
    const stageOne = (ids: readonly number[]) => {
      const packed = new Float64Array(ids.length);
      const rowKeys: RankKeys[] = [];
      const rowTiers = new Int32Array(ids.length);
      const rowGoodness = new Float64Array(ids.length);
      const rowCorrected = new Uint8Array(ids.length);
      let count = 0;
      for (const id of ids) {
        if (!passes(id)) continue;
        const keys = this.keysOf(id);
        if (!keys) continue;
        const typoFree = typoFreeIds === null || typoFreeIds.has(id);
        // Name tiers judge a row by the spelling that made it match: as typed, or as corrected.
        const probe = typoFree ? typed : withCorrections;
        const nameTier = probe.inName(keys.nameIndex);
        const correctedOnly = !typoFree && correctedNames.has(keys.nameNorm);
        const tiers =
          (flag(keys.nameNorm === literal) << 5) |
          (flag(typoFree) << 4) |
          (flag(correctedOnly) << 3) |
          (flag(!keys.deprecated) << 2) |
          (flag(nameTier) << 1) |
          flag(nameTier && probe.wholeInName(keys.nameIndex));
        // A name equal to the corrected query: the more used, the likelier meant (recat: react before recast).
        const goodness = correctedOnly
          ? keys.popularity
          : POPULARITY_WEIGHT * keys.popularity - EXTRA_NAME_WORD_PENALTY * Math.max(0, keys.nameWords - words.length);
        packed[count] = pack(tiers, goodness, count);
        rowKeys[count] = keys;
        rowTiers[count] = tiers;
        rowGoodness[count] = goodness;
        rowCorrected[count] = flag(correctedOnly);
        count++;
      }
      return { sorted: packed.subarray(0, count).sort(), count, rowKeys, rowTiers, rowGoodness, rowCorrected };
    };

    // The candidates: every match; or the best name matches and the higher tiers when they alone decide the
    // page; or, for many matches, those among popular packages when no other match can reach the page.
    // The matches are then counted (or, when not all were read, estimated) apart.
    let decided = inUniverse ? null : this.decidedByNames(words, exactNames, typoFreeIds, wanted, passes, withCorrections);
    // Every match is read first when its words' lists are short: then they are few, or known at little cost.
    const last = words.length - 1;
    const volume = words.reduce((sum, entry, at) => sum + this.wordVolume(entry, at === last), 0);
    let everyMatch = inUniverse || decided || !text || volume > MATCH_FIRST_VOLUME ? undefined : matchesOf(words);
    const popular =
      inUniverse || decided || (everyMatch && everyMatch.length <= RANK_EVERY_LIMIT)
        ? null
        : this.popularCandidates(words, exactNames, typoFreeIds, passes, withCorrections);
    everyMatch ??= inUniverse || decided || popular ? undefined : matchesOf(words);
    let ids = inUniverse ?? decided?.ids ?? popular?.ids ?? everyMatch!;
    let order = stageOne(ids);
    if (popular) {
      // A match left out is a live package less popular than the table's threshold matching in its text
      // alone: at best this row (as typed, when corrections are in play; in the text; that popular).
      const floor = pack((flag(typoFreeIds === null) << 4) | (1 << 2), POPULARITY_WEIGHT * popular.threshold, 0);
      if (order.count >= wanted && order.sorted[wanted - 1]! < floor) decided = { ids, matching: order.count };
      else {
        ids = everyMatch ??= matchesOf(words);
        order = stageOne(ids);
      }
    }
    const counted =
      everyMatch && ids !== everyMatch
        ? { count: countPassing(everyMatch, passes, groups), unfiltered: everyMatch.length, exact: true }
        : decided
          ? this.matchCount(words, groups, passes, decided.matching, text)
          : undefined;
    const { sorted, count, rowKeys, rowTiers, rowGoodness, rowCorrected } = order;

    const end = Math.min(count, offset + params.hitsPerPage);
    const best: Ranked[] = [];
    for (let i = 0; i < Math.min(count, Math.max(end, RERANK_POOL)); i++) {
      const at = sorted[i]! % POSITIONS;
      best.push({ keys: rowKeys[at]!, tiers: rowTiers[at]!, goodness: rowGoodness[at]!, correctedOnly: rowCorrected[at] === 1 });
    }

    // Stage two: the best few re-ranked with BM25 text relevance added to their goodness.
    const pool = best.slice(0, RERANK_POOL);
    // With one word as typed, its document frequency is the number of matches before filters.
    const knownFrequency = words.length === 1 && !typoMode && !inUniverse ? (counted?.unfiltered ?? ids.length) : undefined;
    const relevance = this.relevanceOf(
      words,
      pool.map((row) => row.keys.id),
      knownFrequency,
    );
    for (const row of pool) if (!row.correctedOnly) row.goodness += relevance.get(row.keys.id) ?? 0;
    pool.sort(compareRanked);
    const page = pool.concat(best.slice(RERANK_POOL)).slice(offset, end);
    return {
      records: this.recordsOf(page.map((row) => row.keys.id)),
      nbHits: counted?.count ?? count,
      exhaustive: counted?.exact ?? true,
      everyMatch: typoMode ? undefined : everyMatch,
    };
  }

  /**
   * Without typo corrections in play, a match with every word in its name and not deprecated outranks every
   * other kind of match but the exact name (tiers: not deprecated, then words in the name); with them, only
   * the matches as typed and the corrected names come before. So when at least `wanted` such live name
   * matches pass the filters, they (the best `wanted` of them, by whole words then goodness) and those few
   * higher tiers alone decide the page and the re-ranked pool, in the same order as over all matches.
   * They are found in the names in memory (`NameIndex`) without reading the full-text index: for one word,
   * every name holding it when they are few, else the names holding it as a whole word, then the walk
   * through every live package best first until enough names start with it; for several words, the names
   * holding the rarest. Returns the candidates (ascending ids, as the full-text index gives them) and how
   * many of them are live name matches passing the filters; null when the full ranking must run.
   * A one-letter last word is left out (the name test takes it as a prefix, the full-text match as a
   * word), as are words the full-text tokenizer might fold (not plain ASCII letters and digits).
   */
  private decidedByNames(
    words: readonly WordAlternatives[],
    exactNames: readonly string[],
    typoFreeIds: ReadonlySet<number> | null,
    wanted: number,
    passes: (id: number) => boolean,
    probe: NameProbe,
  ): { ids: number[]; matching: number } | null {
    const slots = nameTestable(words, typoFreeIds);
    if (!slots) return null;
    const names = this.names();
    const last = slots.length - 1;
    const accept = (id: number): boolean => {
      const keys = this.keysOf(id);
      return keys !== undefined && !keys.deprecated && probe.inName(keys.nameIndex) && passes(id);
    };
    const found = new Set<number>();
    // Packages changed since the names were gathered are looked at one by one.
    for (const id of names.stale) if (accept(id)) found.add(id);
    const ranges = slots.map((spellings, at) => spellings.map((spelling) => names.range(spelling, at === last)));
    const volumes = ranges.map((list) => list.reduce((sum, range) => sum + names.volume(range), 0));
    if (slots.length > 1) {
      // Goodness there depends on the query's word count, so every name holding every word is ranked:
      // those holding the rarest, narrowed by the other words' lists that are not much longer (sorted
      // lists of positions merged; a longer list is left to the name test of each remaining package).
      if (Math.min(...volumes) > NAME_DRIVER_LIMIT) return null;
      const candidates = names.holdingEvery(ranges, NAME_MARK_LIMIT);
      // Too few names hold every word for them to decide the page: every match is ranked.
      if (found.size + candidates.length < wanted) return null;
      names.visitPositions(candidates, (id) => {
        if (!found.has(id) && accept(id)) found.add(id);
      });
    } else {
      // Names holding the word whole come first, each word's list best first: the best `wanted` of each.
      const wholes = new Set<number>();
      for (const spelling of slots[0]!) {
        let taken = 0;
        names.visit([names.range(spelling, false)], (id) => {
          if (!accept(id)) return false;
          wholes.add(id);
          found.add(id);
          return ++taken >= wanted;
        });
      }
      if (wholes.size < wanted) {
        // Then names merely starting with it, best first, until enough are found: in the sorted entries
        // of its words when they are not too many, else in the walk through every live package.
        const needed = wanted - wholes.size;
        let taken = 0;
        const take = (id: number): boolean => {
          if (wholes.has(id) || !accept(id)) return false;
          found.add(id);
          return ++taken >= needed;
        };
        if (volumes[0]! <= NAME_SORT_LIMIT) names.visit(ranges[0]!, take);
        else if (names.walk(take, NAME_WALK_LIMIT) === 'limit') return null;
      }
    }
    if (found.size < wanted) return null;
    const matching = found.size;
    this.addHigherTiers(found, exactNames, typoFreeIds, probe, slots);
    return { ids: [...found].sort((a, b) => a - b), matching };
  }

  /** Adds the tiers above every other match: the exact (or corrected) name when it matches, and in typo mode the matches as typed. */
  private addHigherTiers(
    found: Set<number>,
    exactNames: readonly string[],
    typoFreeIds: ReadonlySet<number> | null,
    probe: NameProbe,
    slots: readonly string[][],
  ): void {
    for (const id of typoFreeIds ?? []) found.add(id);
    const named = this.cached<string[], { id: number; record: string }>(
      `SELECT id, record FROM packages WHERE name_norm IN (${exactNames.map(() => '?').join(',')})`,
    ).all(...exactNames);
    for (const row of named) {
      if (found.has(row.id)) continue;
      const keys = this.keysOf(row.id);
      if (keys && (probe.inName(keys.nameIndex) || textMatches(JSON.parse(row.record) as SearchRecord, slots))) found.add(row.id);
    }
  }

  /**
   * The candidates of a query with common words (thousands of matches), read from the popular packages'
   * full-text table instead of the whole index: the matches there, every live name holding every word
   * (from the names in memory; they outrank any match in the text alone) and the higher tiers. A match
   * left out is then a less popular package matching in its text alone; `rank` keeps these candidates
   * only when the rows it needs all rank above the best such a package could be, else it ranks every match.
   * Null when the index has no popular table, or when the names holding the words are too many to list; the
   * same conditions on the words as `decidedByNames`. `threshold`: every package at least this popular is in
   * the table.
   */
  private popularCandidates(
    words: readonly WordAlternatives[],
    exactNames: readonly string[],
    typoFreeIds: ReadonlySet<number> | null,
    passes: (id: number) => boolean,
    probe: NameProbe,
  ): { ids: number[]; threshold: number } | null {
    const slots = nameTestable(words, typoFreeIds);
    if (!slots) return null;
    const last = words.length - 1;
    const popularText = this.popularText();
    if (!popularText) return null;
    const threshold = popularThreshold(this.popularTextIndex!.fill)!;
    const names = this.names();
    const ranges = slots.map((spellings, at) => spellings.map((spelling) => names.range(spelling, at === last)));
    const volumes = ranges.map((list) => list.reduce((sum, range) => sum + names.volume(range), 0));
    if (Math.min(...volumes) > NAME_DRIVER_LIMIT) return null;
    const found = new Set<number>();
    const accept = (id: number): void => {
      const keys = this.keysOf(id);
      if (keys !== undefined && !keys.deprecated && probe.inName(keys.nameIndex) && passes(id)) found.add(id);
    };
    for (const id of names.stale) accept(id);
    names.visitPositions(names.holdingEvery(ranges, NAME_MARK_LIMIT), accept);
    for (const id of popularText.matching(slots)) found.add(id);
    this.addHigherTiers(found, exactNames, typoFreeIds, probe, slots);
    return { ids: [...found].sort((a, b) => a - b), threshold };
  }

  /**
   * How many packages match the words and pass the filters: counted when that reads few entries (in the
   * words in memory, `text`, when the query is plain words; else in the full-text index), else estimated
   * from the words' package counts and the share of packages the filters keep, never below the `known`
   * matches already found.
   */
  private matchCount(
    words: readonly WordAlternatives[],
    groups: FacetFilterGroups,
    passes: (id: number) => boolean,
    known: number,
    text: TextIndex | null,
  ): { count: number; unfiltered: number; exact: boolean } {
    const last = words.length - 1;
    const frequencies = words.map((entry, at) => this.wordVolume(entry, at === last));
    const volume = frequencies.reduce((sum, n) => sum + n, 0);
    if (volume <= (text ? this.exactCountVolume : EXACT_COUNT_VOLUME)) {
      const ids = text
        ? text.matching(
            words.map(({ word, corrections }) => [word, ...corrections]),
            false,
          )
        : this.cached<[string], number>('SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?').pluck().all(matchExpression(words));
      return { count: countPassing(ids, passes, groups), unfiltered: ids.length, exact: true };
    }
    const documents = this.rankKeys?.size ?? this.count();
    const indexed = this.text().documents;
    const shares = frequencies.map((n) => Math.min(1, n / Math.max(1, indexed)));
    // Words of one query go together more often than chance would have it (eslint plugin): halfway, in
    // logarithms, between independent words and the rarest word's count alone.
    const independent = shares.reduce((product, share) => product * share, 1);
    const share = Math.sqrt(independent * Math.min(...shares));
    const unfiltered = Math.max(known, Math.round(documents * share));
    return { count: Math.max(known, Math.round(unfiltered * this.filterShare(groups, documents))), unfiltered, exact: false };
  }

  /** The share of packages the filters keep, taking the groups as independent. */
  private filterShare(groups: FacetFilterGroups, documents: number): number {
    let share = 1;
    for (const group of groups) {
      if (group.length === 0) continue;
      let kept = 0;
      for (const filter of group) {
        const size = Object.hasOwn(FACET_ATTRIBUTES, filter.attribute) ? this.facetSet(filter.attribute, facetValue(filter.value)).size : 0;
        const fraction = Math.min(1, size / Math.max(1, documents));
        kept += filter.negated ? 1 - fraction : fraction;
      }
      share *= Math.min(1, kept);
    }
    return share;
  }

  /**
   * The full-text entries of one query word, its corrections included (the last word as a prefix): the
   * packages holding it, summed over its spellings (and, for a prefix, over the words it starts).
   */
  private wordVolume({ word, corrections }: WordAlternatives, prefix: boolean): number {
    const text = this.text();
    return [word, ...corrections].reduce((sum, spelling) => sum + text.frequency(spelling, prefix && spelling.length >= MIN_PREFIX_LENGTH), 0);
  }

  /** How many packages hold one query word: counted when few, else from the word statistics. */
  private documentFrequency(entry: WordAlternatives, prefix: boolean): number {
    const estimate = this.wordVolume(entry, prefix);
    if (estimate > EXACT_COUNT_VOLUME) {
      const documents = this.rankKeys?.size ?? this.count();
      return Math.min(documents, Math.round((estimate * documents) / Math.max(1, this.text().documents)));
    }
    return this.cached<[string], { n: number }>('SELECT count(*) AS n FROM packages_fts WHERE packages_fts MATCH ?').get(
      matchExpression([entry], undefined, prefix),
    )!.n;
  }

  /** The names in memory, built from the ranking keys on first use and again once too many packages changed. */
  private names(): NameIndex {
    if (!this.nameIndex || this.nameIndex.stale.size > STALE_LIMIT) {
      this.keysOf(0);
      this.nameIndex = new NameIndex(this.rankKeys!, nameScore);
    }
    return this.nameIndex;
  }

  private nameIndex: NameIndex | undefined;

  /** A package's ranking keys changed: its place among the names in memory is out of date. */
  private keysChanged(id: number): void {
    this.nameIndex?.stale.add(id);
    this.textIndex?.changed(id);
    this.popularTextIndex?.text.changed(id);
  }

  private textIndex: TextIndex | undefined;
  /** The words of the popular packages' table, and the fill of the table they were read from. */
  private popularTextIndex: { fill: string; text: TextIndex } | undefined;

  /**
   * The words of every package's text in memory, built from the full-text table on first use (after the
   * ranking keys: a change they have not seen yet is applied to both), with the current text of packages
   * changed since read in, and merged in once they are many.
   */
  private text(): TextIndex {
    this.keysOf(0);
    this.textIndex ??= this.readText('packages_fts');
    return this.withChangesLearnt(this.textIndex, 'packages_fts');
  }

  /** The same for the popular packages' table (`popular_fts`), read again once it is filled again; undefined without one. */
  private popularText(): TextIndex | undefined {
    const fill = this.getMeta(POPULAR_META_KEY);
    if (fill === undefined || popularThreshold(fill) === null) return undefined;
    this.keysOf(0);
    if (this.popularTextIndex?.fill !== fill) this.popularTextIndex = { fill, text: this.readText('popular_fts') };
    return this.withChangesLearnt(this.popularTextIndex.text, 'popular_fts');
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
      const rows = this.cached<number[], TextRow>(`SELECT ${TEXT_COLUMNS} FROM ${table} WHERE rowid IN (${ids.map(() => '?').join(',')})`)
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
      this.refreshCaches();
      for (const text of [this.text(), this.popularText()]) {
        if (text && text.staleCount > 0) text.compact();
      }
    })();
  }

  /** Ranking keys kept in memory, filled on first use and kept current by this process's writes. */
  private rankKeys: RankKeyTable | undefined;
  /** Ids per facet value; bounded, as the values come from queries. */
  private readonly facetSets = new LRUCache<string, Set<number>>({ max: 2_000 });
  private dataVersion: number | undefined;

  /** The last package change the ranking keys in memory include. */
  private changesSeen = 0;

  /**
   * Another connection may have written to the same file: the ranking keys of the packages it changed are
   * read again (all of them only when the change log no longer reaches back far enough, or when most
   * changed), and the facet sets are dropped.
   */
  private refreshCaches(): void {
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
    const changes = this.cached<[number], { seq: number; id: number }>('SELECT seq, id FROM package_changes WHERE seq > ? ORDER BY seq').all(this.changesSeen);
    if (changes.length === 0) return true;
    if (changes[0]!.seq !== this.changesSeen + 1 || changes.length > keys.size / 10) return false;
    const keyRow = this.cached<[number], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages WHERE id = ?');
    for (const id of new Set(changes.map((change) => change.id))) {
      const row = keyRow.get(id);
      if (row) keys.set(id, rankKeysOf(row));
      else keys.delete(id);
      this.keysChanged(id);
    }
    this.changesSeen = changes.at(-1)!.seq;
    return true;
  }

  private keysOf(id: number): RankKeys | undefined {
    if (!this.rankKeys) {
      // Read before the packages: a change made meanwhile is applied again later, which does no harm.
      this.changesSeen = this.cached<[], { seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM package_changes').get()!.seq;
      this.rankKeys = new RankKeyTable();
      const rows = this.db.prepare<[], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages').all();
      for (const row of rows) this.rankKeys.set(row.id, rankKeysOf(row));
    }
    return this.rankKeys.get(id);
  }

  /** Warms what the first search would otherwise load. */
  warm(): void {
    this.refreshCaches();
    this.keysOf(0);
    this.text();
    this.popularText();
    this.names();
  }

  private facetSet(attribute: string, value: string): Set<number> {
    const key = `${attribute}\u0000${value}`;
    let set = this.facetSets.get(key);
    if (!set) {
      set = new Set(this.cached<[string, string], number>('SELECT id FROM facets WHERE attribute = ? AND value = ?').pluck().all(attribute, value));
      this.facetSets.set(key, set);
    }
    return set;
  }

  /** Facet filters as a test of one id: groups ANDed, filters in a group ORed, `-value` excluded. */
  private facetPredicate(groups: FacetFilterGroups): (id: number) => boolean {
    const tests = groups
      .filter((group) => group.length > 0)
      .map((group) =>
        group.map((filter) => {
          // An attribute no record has matches nothing (and its negation everything), as in Algolia.
          const set = Object.hasOwn(FACET_ATTRIBUTES, filter.attribute) ? this.facetSet(filter.attribute, facetValue(filter.value)) : new Set<number>();
          return { set, negated: filter.negated };
        }),
      );
    if (tests.length === 0) return () => true;
    return (id) => tests.every((group) => group.some(({ set, negated }) => set.has(id) !== negated));
  }

  /** BM25 of the candidates for the query's words (higher is better). */
  private relevanceOf(words: readonly WordAlternatives[], ids: readonly number[], knownFrequency?: number): Map<number, number> {
    if (ids.length === 0) return new Map();
    const corpus = this.corpusStats();
    const terms: QueryTerm[] = words.map((entry, index) => {
      const prefix = index === words.length - 1;
      return {
        spellings: [entry.word, ...entry.corrections],
        prefix,
        documentFrequency: knownFrequency ?? this.documentFrequency(entry, prefix),
      };
    });
    const rows = this.cached<
      number[],
      { id: number; name: string; nameNorm: string; description: string | null; keywords: string | null; owner: string | null }
    >(
      `SELECT id, name, name_norm AS nameNorm, record ->> '$.description' AS description,
         record ->> '$.keywords' AS keywords, record ->> '$.owner.name' AS owner
       FROM packages WHERE id IN (${ids.map(() => '?').join(',')})`,
    ).all(...ids);
    const scores = new Map<number, number>();
    for (const row of rows) {
      const keywords = row.keywords ? (JSON.parse(row.keywords) as string[]).join(' ') : '';
      const fields = { name: nameText(row.name, row.nameNorm), description: row.description ?? '', keywords, owner: row.owner ?? '' };
      scores.set(row.id, bm25(fields, terms, corpus));
    }
    return scores;
  }

  /** Figures of relevance ranking: packages indexed and the average length of their text. */
  private corpusStats(): CorpusStats {
    const text = this.text();
    return { documents: text.documents, averageLength: text.averageLength };
  }

  private recordsOf(ids: readonly number[]): SearchRecord[] {
    if (ids.length === 0) return [];
    const rows = this.cached<number[], PackageRow>(`SELECT id, record FROM packages WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids);
    const byId = new Map(rows.map((row) => [row.id, row.record]));
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record ? [JSON.parse(record) as SearchRecord] : [];
    });
  }
}

/** A page of results, with every match of the words when they were all read from the full-text index (before filters). */
interface RankedPage extends SearchResult {
  everyMatch: number[] | undefined;
}

interface Ranked {
  keys: RankKeys;
  /** Tier bits, higher first: exact name, matches as typed, corrected name, not deprecated, words in name, whole words. */
  tiers: number;
  correctedOnly: boolean;
  /** Higher first: popularity (and, in the re-ranked pool, BM25) less the extra-word penalty. */
  goodness: number;
}

const flag = (value: boolean): number => (value ? 1 : 0);

function compareRanked(a: Ranked, b: Ranked): number {
  return b.tiers - a.tiers || b.goodness - a.goodness || a.keys.id - b.keys.id;
}

/** Positions packed below the score: up to this many matches are ordered natively, as typed-array numbers. */
const POSITIONS = 2 ** 20;

/**
 * One number per row whose ascending order is compareRanked's: the tiers take the high digits, the
 * goodness (shifted into 0..100, a millionth apart) the next ones, and the position in the match list
 * (which follows the id) breaks ties. Float64Array sorts these natively, far faster than a comparator.
 */
function pack(tiers: number, goodness: number, position: number): number {
  const within = Math.min(99.999999, Math.max(0, goodness + 50));
  return Math.round((6400 - (tiers * 100 + within)) * 1e6) * POSITIONS + (position % POSITIONS);
}

/**
 * The order of live packages in the names in memory: a one-word query's goodness (popularity, less the
 * name's words beyond the first) up to a constant, so that walking it visits name matches best first.
 */
const nameScore = (keys: RankKeys): number => POPULARITY_WEIGHT * keys.popularity - EXTRA_NAME_WORD_PENALTY * keys.nameWords;

/**
 * Whether a record matches the words as the full-text index would (every word, in any column; the last as
 * a prefix), for the few records looked up by name rather than found by it.
 */
function textMatches(record: SearchRecord, slots: readonly string[][]): boolean {
  return tokensMatch(
    foldedTokens(`${nameText(record.name, normalizeName(record.name))} ${record.description} ${record.keywords.join(' ')} ${record.owner.name}`),
    slots,
  );
}

/**
 * The spellings of each word when the names in memory can stand for the full-text index's name column:
 * the last word of two letters or more (the name test takes a one-letter word as a prefix, the full-text
 * match as a word), every spelling plain ASCII (as the tokenizer folds it), and, in typo mode, few matches
 * as typed (they are candidates whatever their names). Null otherwise.
 */
function nameTestable(words: readonly WordAlternatives[], typoFreeIds: ReadonlySet<number> | null): string[][] | null {
  if ((words.at(-1)?.word.length ?? 0) < MIN_PREFIX_LENGTH) return null;
  const slots = words.map(({ word, corrections }) => [word, ...corrections]);
  if (!plainWords(slots)) return null;
  if (typoFreeIds && typoFreeIds.size > TYPO_FREE_LIMIT) return null;
  return slots;
}

/** A package's row of a full-text table (`TEXT_COLUMNS`, read raw): its id and the text of each column. */
type TextRow = [id: number, name: string | null, description: string | null, keywords: string | null, owner: string | null];
const TEXT_COLUMNS = 'rowid, name, description, keywords, owner';

/** A package's id and its whole text, as the words in memory take it. */
function textOf([id, ...columns]: TextRow): [number, string] {
  return [id, columns.join(' ')];
}

/** How many of the matches pass the filters (all of them without filters). */
function countPassing(ids: readonly number[], passes: (id: number) => boolean, groups: FacetFilterGroups): number {
  if (groups.every((group) => group.length === 0)) return ids.length;
  let count = 0;
  for (const id of ids) if (passes(id)) count++;
  return count;
}

/**
 * Whether every spelling is plain ASCII letters and digits: for those, the tests made in memory (names,
 * records) tokenize as the full-text index does.
 */
function plainWords(slots: readonly string[][]): boolean {
  return slots.every((spellings) => spellings.every((spelling) => /^[a-z0-9]+$/.test(spelling)));
}

interface NameProbe {
  inName: (nameIndex: string) => boolean;
  wholeInName: (nameIndex: string) => boolean;
}

/** Tests of "every query word is in the name" against a name index string (` react dom reactdom `). */
function nameProbe(spellings: readonly string[][]): NameProbe {
  const last = spellings.length - 1;
  const prefixes = spellings.map((list, index) => list.map((spelling) => (index === last ? ` ${spelling}` : ` ${spelling} `)));
  const wholes = spellings.map((list) => list.map((spelling) => ` ${spelling} `));
  const test =
    (needles: string[][]) =>
    (nameIndex: string): boolean => {
      for (const alternatives of needles) {
        let found = false;
        for (const needle of alternatives) {
          if (nameIndex.includes(needle)) {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
      return true;
    };
  return { inName: test(prefixes), wholeInName: test(wholes) };
}

interface SqlClause {
  sql: string;
  args: unknown[];
}

/** Facet filters as a WHERE clause over `p`: groups ANDed, filters in a group ORed, `-value` excluded. */
export function filterClause(groups: FacetFilterGroups): SqlClause {
  const parts: string[] = [];
  const args: unknown[] = [];
  for (const group of groups) {
    if (group.length === 0) continue;
    const alternatives = group.map((filter) => {
      // An attribute no record has matches nothing (and its negation everything), as in Algolia.
      if (!Object.hasOwn(FACET_ATTRIBUTES, filter.attribute)) return filter.negated ? '1' : '0';
      args.push(filter.attribute, facetValue(filter.value));
      return `p.id ${filter.negated ? 'NOT IN' : 'IN'} (SELECT id FROM facets WHERE attribute = ? AND value = ?)`;
    });
    parts.push(`(${alternatives.join(' OR ')})`);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', args };
}

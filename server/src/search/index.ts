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
import { rankKeysOf, type RankKeyRow, type RankKeys } from './rankKeys.ts';
import { normalizeName, popularityOf, type SearchRecord } from './record.ts';
import { bm25, nameText, type CorpusStats, type QueryTerm } from './relevance.ts';
import { MIN_PREFIX_LENGTH, matchExpression, tokenize, wordsOf, type WordAlternatives } from './text.ts';
import { deletionKeys, editDistance, MIN_TYPO_WORD_LENGTH, nameWords } from './typos.ts';

export interface SearchParams {
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: FacetFilterGroups;
}

export interface SearchResult {
  records: SearchRecord[];
  nbHits: number;
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

/** Fewer exact results than this and the query is run again with typo corrections. */
const TYPO_THRESHOLD = 5;

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
  CREATE VIRTUAL TABLE IF NOT EXISTS packages_fts USING fts5 (
    name, description, keywords, owner, tokenize = 'unicode61', prefix = '2 3'
  );
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

export class SearchIndex {
  readonly db: Database.Database;
  private readonly statements;

  /**
   * `reader`: a connection of a query thread to an index another connection has created; it only reads
   * (SQLite refuses its writes), and sees the writer's commits (WAL).
   */
  constructor(file: string, options: { reader?: boolean } = {}) {
    if (options.reader) {
      this.db = new Database(file, { fileMustExist: true });
      this.db.pragma('busy_timeout = 5000');
      this.db.pragma('query_only = ON');
    } else {
      if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
      this.db = new Database(file);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('busy_timeout = 5000');
      this.db.exec(SCHEMA);
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
      this.statements.deleteFacets.run(id);
    } else {
      id = Number(this.statements.insert.run(row).lastInsertRowid);
    }
    // The joined spelling (`reactdom`) lets a query typed without separators still reach the name.
    this.statements.insertText.run(id, nameText(record.name, nameNorm), record.description, record.keywords.join(' '), record.owner.name);
    for (const { attribute, value } of facetEntries(record)) this.statements.insertFacet.run(attribute, value, id);
    this.rankKeys?.set(id, rankKeysOf({ id, name: record.name, nameNorm, popularity: row.popularity, deprecated: row.deprecated }));
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
   * how many changed.
   */
  setHits(hits: ReadonlyMap<string, number>): number {
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
        record.jsDelivrHits = figure;
        setRecord.run(JSON.stringify(record), popularityOf(record), row.id);
        if (this.rankKeys) this.rankKeys.set(row.id, rankKeysOf(keyRow.get(row.id)!));
        changed++;
      }
      return changed;
    });
  }

  /** Removes a package; returns whether it was there. */
  remove(name: string): boolean {
    const existing = this.statements.byName.get(name);
    if (!existing) return false;
    this.statements.deleteText.run(existing.id);
    this.statements.deleteFacets.run(existing.id);
    this.statements.deletePackage.run(existing.id);
    this.rankKeys?.delete(existing.id);
    this.facetSets.clear();
    return true;
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** Spellings within one typo of `word` that occur in some package name. */
  corrections(word: string): string[] {
    if (word.length < MIN_TYPO_WORD_LENGTH) return [];
    const keys = deletionKeys(word);
    const rows = this.cached<string[], { word: string }>(`SELECT DISTINCT word FROM typo_keys WHERE key IN (${keys.map(() => '?').join(',')})`).all(...keys);
    return rows.map((row) => row.word).filter((candidate) => candidate !== word && editDistance(word, candidate, 1) <= 1);
  }

  search(params: SearchParams): SearchResult {
    const words = wordsOf(params.query);
    if (words.length === 0) return this.browse(filterClause(params.facetFilters), params);

    const exact = words.map((word): WordAlternatives => ({ word, corrections: [] }));
    const first = this.rank(exact, [normalizeName(params.query)], false, params.facetFilters, params);
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
    return this.rank(corrected, [...exactNames], true, params.facetFilters, params);
  }

  /** No words: every package that passes the filters, most used first (the rank index gives the order). */
  private browse(filter: SqlClause, params: SearchParams): SearchResult {
    const ids = this.cached<unknown[], { id: number }>(
      `SELECT p.id FROM packages p WHERE ${filter.sql}
         ORDER BY p.deprecated ASC, p.popularity DESC, p.id ASC LIMIT ? OFFSET ?`,
    ).all(...filter.args, params.hitsPerPage, params.page * params.hitsPerPage);
    // Without filters the count is every package: the ranking keys in memory know it; counting rows would
    // scan an index of the whole table (tens of milliseconds at millions of packages).
    this.refreshCaches();
    const nbHits =
      filter.args.length === 0 && filter.sql === '1'
        ? (this.rankKeys?.size ?? this.count())
        : this.cached<unknown[], { n: number }>(`SELECT count(*) AS n FROM packages p WHERE ${filter.sql}`).get(...filter.args)!.n;
    return { records: this.recordsOf(ids.map((row) => row.id)), nbHits };
  }

  /**
   * Words present. The full-text index finds the matches; the order is: the exact name, then (with typo
   * corrections in play) what matches as typed before what needs a correction, and among the latter a name
   * equal to the corrected query, the more used first (recat: react, recast); then not deprecated; then all
   * words in the name; whole words before mere prefixes (react: react-dom before reactstrap); then text
   * relevance (BM25) blended with popularity, a name longer than the query costing a little. Stage one orders
   * every match by the cheap keys from memory; stage two re-ranks the best RERANK_POOL with BM25.
   */
  private rank(
    words: readonly WordAlternatives[],
    exactNames: readonly string[],
    typoMode: boolean,
    groups: FacetFilterGroups,
    params: SearchParams,
  ): SearchResult {
    this.refreshCaches();
    const [literal, ...corrected] = exactNames;
    const correctedNames = new Set(corrected);
    const matchIds = this.cached<[string], number>('SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?').pluck();
    const passes = this.facetPredicate(groups);
    const typed = nameProbe(words.map(({ word }) => [word]));
    const withCorrections = nameProbe(words.map(({ word, corrections }) => [word, ...corrections]));
    const typoFreeIds = typoMode ? new Set(matchIds.all(matchExpression(words.map(({ word }) => ({ word, corrections: [] }))))) : null;

    const offset = params.page * params.hitsPerPage;
    const wanted = Math.max(offset + params.hitsPerPage, RERANK_POOL);
    // The candidates: every match, or only the name matches when they alone decide the page (and nbHits is counted).
    const byName = typoMode || groups.some((group) => group.length > 0) ? null : this.nameMatchesDeciding(words, wanted);
    const ids = byName?.ids ?? matchIds.all(matchExpression(words));

    // Stage one, over every candidate: tiers and popularity packed into one sortable number per row. Plain
    // arrays and no object per row: this loop runs for thousands of matches of a two-letter prefix.
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
    const sorted = packed.subarray(0, count).sort();

    const end = Math.min(count, offset + params.hitsPerPage);
    const best: Ranked[] = [];
    for (let i = 0; i < Math.min(count, Math.max(end, RERANK_POOL)); i++) {
      const at = sorted[i]! % POSITIONS;
      best.push({ keys: rowKeys[at]!, tiers: rowTiers[at]!, goodness: rowGoodness[at]!, correctedOnly: rowCorrected[at] === 1 });
    }

    // Stage two: the best few re-ranked with BM25 text relevance added to their goodness.
    const pool = best.slice(0, RERANK_POOL);
    // With one word as typed, its document frequency is the number of matches before filters.
    const knownFrequency = words.length === 1 && !typoMode ? (byName?.matches ?? ids.length) : undefined;
    const relevance = this.relevanceOf(
      words,
      pool.map((row) => row.keys.id),
      knownFrequency,
    );
    for (const row of pool) if (!row.correctedOnly) row.goodness += relevance.get(row.keys.id) ?? 0;
    pool.sort(compareRanked);
    const page = pool.concat(best.slice(RERANK_POOL)).slice(offset, end);
    return { records: this.recordsOf(page.map((row) => row.keys.id)), nbHits: byName?.matches ?? count };
  }

  /**
   * Without typo corrections or filters, a match with every word in its name and not deprecated outranks
   * every other kind of match (tiers: not deprecated, then words in the name). So when at least `wanted`
   * such name matches exist, they alone decide the page and the re-ranked pool, in the same order as over
   * all matches: ranking them costs the name matches (a few per cent of the index for a short prefix)
   * instead of every match in any field, and the hit count comes from the full-text index directly.
   * A one-letter last word is left out: the name test takes it as a prefix, the full-text match as a word.
   */
  private nameMatchesDeciding(words: readonly WordAlternatives[], wanted: number): { ids: number[]; matches: number } | null {
    if ((words.at(-1)?.word.length ?? 0) < MIN_PREFIX_LENGTH) return null;
    const ids = this.cached<[string], number>('SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?').pluck().all(matchExpression(words, 'name'));
    let live = 0;
    for (const id of ids) if (this.keysOf(id)?.deprecated === false) live++;
    if (live < wanted) return null;
    const matches = this.cached<[string], { n: number }>('SELECT count(*) AS n FROM packages_fts WHERE packages_fts MATCH ?').get(matchExpression(words))!.n;
    return { ids, matches };
  }

  /** Ranking keys kept in memory, filled on first use and kept current by this process's writes. */
  private rankKeys: Map<number, RankKeys> | undefined;
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
      if (this.rankKeys && !this.applyChanges(this.rankKeys)) this.rankKeys = undefined;
    }
    this.dataVersion = version;
  }

  /** Refreshes the keys of the packages changed since the last look; false when they must all be read again. */
  private applyChanges(keys: Map<number, RankKeys>): boolean {
    const changes = this.cached<[number], { seq: number; id: number }>('SELECT seq, id FROM package_changes WHERE seq > ? ORDER BY seq').all(this.changesSeen);
    if (changes.length === 0) return true;
    if (changes[0]!.seq !== this.changesSeen + 1 || changes.length > keys.size / 10) return false;
    const keyRow = this.cached<[number], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages WHERE id = ?');
    for (const id of new Set(changes.map((change) => change.id))) {
      const row = keyRow.get(id);
      if (row) keys.set(id, rankKeysOf(row));
      else keys.delete(id);
    }
    this.changesSeen = changes.at(-1)!.seq;
    return true;
  }

  private keysOf(id: number): RankKeys | undefined {
    if (!this.rankKeys) {
      // Read before the packages: a change made meanwhile is applied again later, which does no harm.
      this.changesSeen = this.cached<[], { seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM package_changes').get()!.seq;
      this.rankKeys = new Map();
      const rows = this.db.prepare<[], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages').all();
      for (const row of rows) this.rankKeys.set(row.id, rankKeysOf(row));
    }
    return this.rankKeys.get(id);
  }

  /** Warms what the first search would otherwise load. */
  warm(): void {
    this.refreshCaches();
    this.keysOf(0);
    this.corpusStats();
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
    const countMatches = this.cached<[string], { n: number }>('SELECT count(*) AS n FROM packages_fts WHERE packages_fts MATCH ?');
    const terms: QueryTerm[] = words.map((entry, index) => {
      const prefix = index === words.length - 1;
      return {
        spellings: [entry.word, ...entry.corrections],
        prefix,
        documentFrequency: knownFrequency ?? countMatches.get(matchExpression([entry], undefined, prefix))!.n,
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

  private corpus: CorpusStats | undefined;

  /**
   * Record count and average indexed length for BM25. Computed once and again only when the index has
   * grown or shrunk by a twentieth: the average moves too little between to change any order.
   */
  private corpusStats(): CorpusStats {
    const documents = this.rankKeys?.size ?? this.count();
    if (this.corpus && Math.abs(this.corpus.documents - documents) <= this.corpus.documents / 20) return this.corpus;
    let total = 0;
    const rows = this.db
      .prepare<[], { name: string; nameNorm: string; description: string | null; keywords: string | null; owner: string | null }>(
        `SELECT name, name_norm AS nameNorm, record ->> '$.description' AS description, record ->> '$.keywords' AS keywords, record ->> '$.owner.name' AS owner FROM packages`,
      )
      .iterate();
    for (const row of rows) {
      const keywords = row.keywords ? (JSON.parse(row.keywords) as string[]).join(' ') : '';
      total += tokenize(`${nameText(row.name, row.nameNorm)} ${row.description ?? ''} ${keywords} ${row.owner ?? ''}`).length;
    }
    this.corpus = { documents, averageLength: documents ? total / documents : 1 };
    return this.corpus;
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

/** Tests of "every query word is in the name" against a name index string (` react dom reactdom `). */
function nameProbe(spellings: readonly string[][]): { inName: (nameIndex: string) => boolean; wholeInName: (nameIndex: string) => boolean } {
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

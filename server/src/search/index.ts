/**
 * The package search index in SQLite: one row per package with its record as JSON, an FTS5 table over
 * name, description, keywords and owner, a facet table for filters, and a deletion-neighbourhood table
 * over name words for typo tolerance. One file under the data directory; WAL mode, so several services
 * of one machine can read while one writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { facetEntries, facetValue, FACET_ATTRIBUTES, type FacetFilterGroups } from './facets.ts';
import { normalizeName, popularityOf, type SearchRecord } from './record.ts';
import { matchExpression, wordsOf, type WordAlternatives } from './text.ts';
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

/** Where the records came from: the shipped catalog (partial) or a package document (full). */
export type RecordSource = 'catalog' | 'document';

/**
 * Column weights for bm25: a word in the name counts far more than one in the description.
 * Order follows the FTS table's columns: name, description, keywords, owner.
 */
const BM25_WEIGHTS = '10.0, 1.5, 4.0, 3.0';

/** How much a tenfold difference in use weighs against text relevance within a relevance tier. */
const POPULARITY_WEIGHT = 1.2;

/**
 * Each name word beyond the typed ones costs this much of the blended score (close to a tenfold popularity):
 * while typing `reac`, react comes before the more downloaded react-is.
 */
const EXTRA_NAME_WORD_PENALTY = 1.0;

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
`;

interface PackageRow {
  id: number;
  record: string;
}

export class SearchIndex {
  readonly db: Database.Database;
  private readonly statements;

  constructor(file: string) {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
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
  private readonly shapes = new Map<string, Database.Statement>();
  private cached<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let statement = this.shapes.get(sql);
    if (!statement) {
      if (this.shapes.size > 500) this.shapes.clear();
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
      nameWords: wordsOf(record.name).length,
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
    const nameText = nameNorm && !wordsOf(record.name).includes(nameNorm) ? `${record.name} ${nameNorm}` : record.name;
    this.statements.insertText.run(id, nameText, record.description, record.keywords.join(' '), record.owner.name);
    for (const { attribute, value } of facetEntries(record)) this.statements.insertFacet.run(attribute, value, id);
    for (const word of nameWords(record.name)) {
      if (this.keyedWords.has(word)) continue;
      this.keyedWords.add(word);
      for (const key of deletionKeys(word)) this.statements.insertTypoKey.run(key, word);
    }
  }

  /** Removes a package; returns whether it was there. */
  remove(name: string): boolean {
    const existing = this.statements.byName.get(name);
    if (!existing) return false;
    this.statements.deleteText.run(existing.id);
    this.statements.deleteFacets.run(existing.id);
    this.statements.deletePackage.run(existing.id);
    return true;
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** Spellings within one typo of `word` that occur in some package name. */
  corrections(word: string): string[] {
    if (word.length < MIN_TYPO_WORD_LENGTH) return [];
    const keys = deletionKeys(word);
    const rows = this.cached<string[], { word: string }>(`SELECT DISTINCT word FROM typo_keys WHERE key IN (${keys.map(() => '?').join(',')})`)
      .all(...keys);
    return rows.map((row) => row.word).filter((candidate) => candidate !== word && editDistance(word, candidate, 1) <= 1);
  }

  search(params: SearchParams): SearchResult {
    const words = wordsOf(params.query);
    const filter = filterClause(params.facetFilters);
    if (words.length === 0) return this.browse(filter, params);

    const exact = words.map((word): WordAlternatives => ({ word, corrections: [] }));
    const first = this.rank(exact, [normalizeName(params.query)], null, filter, params);
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
    return this.rank(corrected, [...exactNames], matchExpression(exact), filter, params);
  }

  /** No words: every package that passes the filters, most used first (the rank index gives the order). */
  private browse(filter: SqlClause, params: SearchParams): SearchResult {
    const ids = this.cached<unknown[], { id: number }>(
        `SELECT p.id FROM packages p WHERE ${filter.sql}
         ORDER BY p.deprecated ASC, p.popularity DESC, p.id ASC LIMIT ? OFFSET ?`,
      )
      .all(...filter.args, params.hitsPerPage, params.page * params.hitsPerPage);
    const nbHits =
      filter.args.length === 0 && filter.sql === '1'
        ? this.count()
        : this.cached<unknown[], { n: number }>(`SELECT count(*) AS n FROM packages p WHERE ${filter.sql}`).get(...filter.args)!.n;
    return { records: this.recordsOf(ids.map((row) => row.id)), nbHits };
  }

  /**
   * Words present: order by exact name, then not deprecated, then all words in the name, then text relevance
   * blended with popularity. Only ids and sort keys go through the sorter; records are read for one page.
   */
  private rank(
    words: readonly WordAlternatives[],
    exactNames: readonly string[],
    typoFreeMatch: string | null,
    filter: SqlClause,
    params: SearchParams,
  ): SearchResult {
    const match = matchExpression(words);
    const [literal, ...corrected] = exactNames;
    const list = (values: readonly string[]): string => values.map(() => '?').join(',');
    const matches = '(m.id IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?))';
    const typoFree = typoFreeMatch === null ? '1' : matches;
    // Name tiers judge a row by the spelling that made it match: as typed, or as corrected.
    const typed = words.map(({ word }): WordAlternatives => ({ word, corrections: [] }));
    const nameTier = typoFreeMatch === null ? matches : `CASE WHEN typo_free THEN ${matches} ELSE ${matches} END`;
    const wholeWordTier = nameTier;
    const nameArgs = (prefixLast: boolean): string[] =>
      typoFreeMatch === null
        ? [matchExpression(words, 'name', prefixLast)]
        : [matchExpression(typed, 'name', prefixLast), matchExpression(words, 'name', prefixLast)];
    const rows = this.cached<unknown[], { id: number; total: number }>(
      `WITH matched AS (
         SELECT rowid AS id, bm25(packages_fts, ${BM25_WEIGHTS}) AS relevance FROM packages_fts WHERE packages_fts MATCH ?
       )
       SELECT p.id, count(*) OVER () AS total, ${typoFree} AS typo_free,
         p.name_norm IN (${list(corrected)}) AS corrected_name
       FROM matched m JOIN packages p ON p.id = m.id
       WHERE ${filter.sql}
       ORDER BY
         p.name_norm = ? DESC,
         -- With typo corrections in play, what matches as typed comes before what needs a correction;
         -- among the rest, a name equal to the corrected query, the more used first (recat: react, recast).
         typo_free DESC,
         (corrected_name AND NOT typo_free) DESC,
         CASE WHEN corrected_name AND NOT typo_free THEN p.popularity ELSE 0 END DESC,
         p.deprecated ASC,
         ${nameTier} DESC,
         -- Whole words before mere prefixes (react: react-dom before reactstrap).
         ${wholeWordTier} DESC,
         m.relevance - ${POPULARITY_WEIGHT} * p.popularity + ${EXTRA_NAME_WORD_PENALTY} * max(0, p.name_words - ${words.length}) ASC,
         p.id ASC
       LIMIT ? OFFSET ?`,
    ).all(
      match,
      ...(typoFreeMatch === null ? [] : [typoFreeMatch]),
      ...corrected,
      ...filter.args,
      literal,
      ...nameArgs(true),
      ...nameArgs(false),
      params.hitsPerPage,
      params.page * params.hitsPerPage,
    );
    let nbHits = rows[0]?.total ?? 0;
    if (rows.length === 0 && (params.page > 0 || params.hitsPerPage === 0)) {
      // Past the last page no row carries the total, so it is counted on its own.
      nbHits = this.cached<unknown[], { n: number }>(
          `SELECT count(*) AS n FROM packages_fts f JOIN packages p ON p.id = f.rowid WHERE packages_fts MATCH ? AND ${filter.sql}`,
        )
        .get(match, ...filter.args)!.n;
    }
    return { records: this.recordsOf(rows.map((row) => row.id)), nbHits };
  }

  private recordsOf(ids: readonly number[]): SearchRecord[] {
    if (ids.length === 0) return [];
    const rows = this.cached<number[], PackageRow>(`SELECT id, record FROM packages WHERE id IN (${ids.map(() => '?').join(',')})`)
      .all(...ids);
    const byId = new Map(rows.map((row) => [row.id, row.record]));
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record ? [JSON.parse(record) as SearchRecord] : [];
    });
  }
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
      if (!(filter.attribute in FACET_ATTRIBUTES)) return filter.negated ? '1' : '0';
      args.push(filter.attribute, facetValue(filter.value));
      return `p.id ${filter.negated ? 'NOT IN' : 'IN'} (SELECT id FROM facets WHERE attribute = ? AND value = ?)`;
    });
    parts.push(`(${alternatives.join(' OR ')})`);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', args };
}

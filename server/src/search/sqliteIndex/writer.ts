/**
 * The index's writes: a package's row, text, facets and typo keys added, replaced or removed; hits from our
 * statistics; each in a transaction begun IMMEDIATE. What the connection holds in memory (`IndexMemory`)
 * is kept current as it writes, and the popular packages' table (`FullTextUpkeep`) with it.
 */
import type Database from 'better-sqlite3';
import { facetEntries } from '../facets.ts';
import type { FullTextUpkeep } from '../fullTextUpkeep.ts';
import { rankKeysOf, type RankKeyRow } from '../rankKeys.ts';
import { normalizeName, popularityOf, type SearchRecord } from '../record.ts';
import { nameText } from '../relevance.ts';
import { tokenize } from '../text.ts';
import { deletionKeys, nameWords } from '../typos.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../sqlite/lockWaits.ts';
import type { IndexMemory } from './memory.ts';
import type { StatementShapes } from './statementShapes.ts';
import type { RecordSource } from './types.ts';

interface PackageRow {
  id: number;
  record: string;
}

export class IndexWriter {
  private readonly statements;
  /** Name words whose typo keys this process has already written (the keys never change for a word). */
  private readonly keyedWords = new Set<string>();

  /** `fullTextUpkeep`: the writing connection's upkeep of the popular packages' table; none on a reading connection. */
  constructor(
    private readonly db: Database.Database,
    private readonly shapes: StatementShapes,
    private readonly memory: IndexMemory,
    private readonly fullTextUpkeep: FullTextUpkeep | undefined,
  ) {
    this.statements = {
      byName: db.prepare<[string], PackageRow>('SELECT id, record FROM packages WHERE name = ?'),
      insert: db.prepare(
        'INSERT INTO packages (name, name_norm, name_words, record, popularity, deprecated, source) VALUES (@name, @nameNorm, @nameWords, @record, @popularity, @deprecated, @source)',
      ),
      update: db.prepare(
        'UPDATE packages SET name_norm = @nameNorm, name_words = @nameWords, record = @record, popularity = @popularity, deprecated = @deprecated, source = @source WHERE id = @id',
      ),
      deletePackage: db.prepare('DELETE FROM packages WHERE id = ?'),
      insertText: db.prepare('INSERT INTO packages_fts (rowid, name, description, keywords, owner) VALUES (?, ?, ?, ?, ?)'),
      deleteText: db.prepare('DELETE FROM packages_fts WHERE rowid = ?'),
      insertFacet: db.prepare('INSERT OR IGNORE INTO facets (attribute, value, id) VALUES (?, ?, ?)'),
      deleteFacets: db.prepare('DELETE FROM facets WHERE id = ?'),
      insertTypoKey: db.prepare('INSERT OR IGNORE INTO typo_keys (key, word) VALUES (?, ?)'),
    };
  }

  /** Records that the registry has no document for keep their catalog data and are not asked for again. */
  markUnavailable(name: string): void {
    this.shapes.cached('UPDATE packages SET source = ? WHERE name = ? AND source = ?').run('catalog-unavailable', name, 'catalog');
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
    // The keys are worked out only when they are held: a bulk load writes millions before any query.
    if (this.memory.keysHeld) this.memory.setKeys(id, rankKeysOf({ id, name: record.name, nameNorm, popularity: row.popularity, deprecated: row.deprecated }));
    this.memory.keysChanged(id);
    this.memory.facetsChanged();
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
      const holders = this.shapes.cached<[], { name: string }>("SELECT name FROM packages WHERE record ->> '$.jsDelivrHits' > 0").all();
      const names = new Set([...hits.keys(), ...holders.map((row) => row.name)]);
      const setRecord = this.shapes.cached('UPDATE packages SET record = ?, popularity = ? WHERE id = ?');
      const keyRow = this.shapes.cached<[number], RankKeyRow>('SELECT id, name, name_norm AS nameNorm, popularity, deprecated FROM packages WHERE id = ?');
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
        if (this.memory.keysHeld) this.memory.setKeys(row.id, rankKeysOf(keyRow.get(row.id)!));
        this.memory.keysChanged(row.id);
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
    this.memory.deleteKeys(existing.id);
    this.memory.keysChanged(existing.id);
    this.memory.facetsChanged();
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
}

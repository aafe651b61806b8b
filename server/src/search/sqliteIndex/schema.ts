/**
 * The index file's tables and their migration: a connection opened on the file (the writing one creates
 * the tables, and rebuilds the full-text table when the file was written with other prefix lengths).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../sqlite/lockWaits.ts';

/**
 * Prefix lengths the full-text index keeps an index of (FTS5 `prefix`): a query's last word of one of these
 * lengths (`client*`) reads one list of packages instead of every entry of every word starting with it.
 * Changing them rebuilds the full-text table of an existing index file at start-up (`rebuildFullText`).
 */
export const PREFIX_LENGTHS = '2 3 4 5 6 7 8';

export function fullTextTable(name: string): string {
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

/**
 * A connection to the index file. `reader`: a query thread's, to an index another connection has created;
 * it only reads (SQLite refuses its writes) and sees the writer's commits (WAL). Otherwise the writing
 * connection: it creates the file, its folder and its tables, and migrates the full-text table.
 */
export function openIndexConnection(file: string, reader: boolean, progress: (message: string) => void): Database.Database {
  if (reader) {
    const db = new Database(file, { fileMustExist: true });
    db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    db.pragma('query_only = ON');
    return db;
  }
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  db.exec(SCHEMA);
  rebuildFullText(db, progress);
  return db;
}

/**
 * An index file written with other prefix lengths has its full-text table rebuilt from the table's own
 * text: into a new table, in transactions of REBUILD_BATCH packages (a rebuild cut short is started again
 * at the next start-up), which then replaces the old one in one transaction. Takes a few minutes at
 * millions of packages; `progress` hears how far it got. Reading connections keep the old table until
 * the replacement commits.
 */
function rebuildFullText(db: Database.Database, progress: (message: string) => void): void {
  const prefixes = prefixLengthsOf(db, 'packages_fts');
  if (prefixes === undefined || prefixes === PREFIX_LENGTHS) return;
  // Begun IMMEDIATE, as every write of the index (`IndexWriter.transaction`): the write lock first.
  const transaction = <T>(work: () => T): T => db.transaction(work).immediate();
  const started = performance.now();
  const total = db.prepare<[], number>('SELECT count(*) FROM packages').pluck().get()!;
  const last = db.prepare<[], number | null>('SELECT max(rowid) FROM packages_fts').pluck().get() ?? 0;
  progress(
    `Search index: rebuilding the full-text index of ${total.toLocaleString('en-US')} packages with prefix lengths ${PREFIX_LENGTHS} (was ${prefixes || 'none'})`,
  );
  db.exec('DROP TABLE IF EXISTS packages_fts_rebuilt');
  db.exec(fullTextTable('packages_fts_rebuilt'));
  const copy = db.prepare(
    'INSERT INTO packages_fts_rebuilt (rowid, name, description, keywords, owner) SELECT rowid, name, description, keywords, owner FROM packages_fts WHERE rowid >= ? AND rowid < ?',
  );
  let copied = 0;
  for (let from = 0; from <= last; from += REBUILD_BATCH) {
    copied += transaction(() => copy.run(from, from + REBUILD_BATCH).changes);
    const seconds = (performance.now() - started) / 1000;
    progress(
      `Search index: full-text index rebuilt for ${copied.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} packages in ${seconds.toFixed(0)} s`,
    );
  }
  transaction(() => db.exec('DROP TABLE packages_fts; ALTER TABLE packages_fts_rebuilt RENAME TO packages_fts'));
  progress(`Search index: full-text index rebuilt in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The prefix lengths a full-text table of the file was created with (`'2 3'`, `''` for none); undefined when it has no such table. */
function prefixLengthsOf(db: Database.Database, table: string): string | undefined {
  const definition = db.prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table);
  if (!definition) return undefined;
  return (
    definition
      .match(/prefix\s*=\s*'([^']*)'/i)?.[1]
      ?.trim()
      .split(/\s+/)
      .join(' ') ?? ''
  );
}

/**
 * Files by the SHA-256 of their content, for the data API's reverse lookup (`GET /v1/lookup/hash/{hash}`):
 * every file of a version whose listing the API served is remembered under its hash, the first place a hash
 * was seen kept for good. The table lives in the statistics database (SQLite or PostgreSQL, the same SQL),
 * so that a fleet's data API instances share it as they share the statistics; nothing else reads it.
 */
import type { SqlEngine } from '../stats/sql/engine.ts';

/** Rows per multi-row insert: well under both engines' parameter limits. */
const INSERT_CHUNK = 400;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS file_hash (
  sha256 TEXT PRIMARY KEY,
  type TEXT NOT NULL, name TEXT NOT NULL, version TEXT NOT NULL, file TEXT NOT NULL
)
`;

export interface HashedFile {
  type: string;
  name: string;
  version: string;
  file: string;
}

export class FileHashIndex {
  private constructor(private readonly engine: SqlEngine) {}

  /** The index over `engine`, its table created when missing. */
  static async open(engine: SqlEngine): Promise<FileHashIndex> {
    // Two PostgreSQL sessions creating the same table at once: one of them fails its `IF NOT EXISTS` with a
    // unique violation (data API instances of a fleet starting together). Once the other committed, a second
    // try finds the table.
    await engine.exec(SCHEMA).catch(() => engine.exec(SCHEMA));
    return new FileHashIndex(engine);
  }

  /** Remembers where each hash (base64, as listings give it) was first seen; a hash seen before keeps its first place. */
  async record(type: string, name: string, version: string, files: ReadonlyArray<{ path: string; sha256: string }>): Promise<void> {
    const rows = files.map((f) => [Buffer.from(f.sha256, 'base64').toString('hex'), type, name, version, f.path] as const);
    await this.engine.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        await tx.run(
          `INSERT INTO file_hash (sha256, type, name, version, file) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}
           ON CONFLICT (sha256) DO NOTHING`,
          chunk.flat(),
        );
      }
    });
  }

  /** The file first seen with a content hash (lower-case hex), if any. */
  async lookup(hexSha256: string): Promise<HashedFile | undefined> {
    const [row] = await this.engine.all<HashedFile>('SELECT type, name, version, file FROM file_hash WHERE sha256 = ?', [hexSha256]);
    return row;
  }
}

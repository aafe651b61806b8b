/**
 * The one writer of the statistics: folded batches added to the roll-ups, and the log's read offsets moved
 * past them, in one transaction. Counts and offsets commit together or not at all, so a line is counted once.
 */
import { ROLLUPS, type RollupTable } from '../schema.ts';
import type { FoldedRows } from '../fold.ts';
import type { SqlEngine, SqlExecutor } from '../sql/engine.ts';

/** Another ingester moved the read offsets since this batch was read; the batch is read again. */
export class ConcurrentIngestError extends Error {
  constructor(file: string) {
    super(`The read offset of ${file} moved while a batch was being counted.`);
    this.name = 'ConcurrentIngestError';
  }
}

/** A folded batch with where it was read from and to. */
export interface BatchToWrite {
  rows: FoldedRows;
  /** The offsets the batch was read from: the offsets must still be there. */
  from: ReadonlyMap<string, number>;
  /** The offsets past the batch. */
  offsets: ReadonlyMap<string, number>;
  /** Lines consumed from each file. */
  linesPerFile: ReadonlyMap<string, number>;
}

export class RollupWriter {
  constructor(private readonly engine: SqlEngine) {}

  /** Where the ingest stopped reading each log file. */
  async savedOffsets(): Promise<Map<string, number>> {
    const rows = await this.engine.all<{ file: string; byte_offset: number }>('SELECT file, byte_offset FROM ingest_position');
    return new Map(rows.map((r) => [r.file, Number(r.byte_offset)]));
  }

  /** Lines consumed so far, over every log file. */
  async ingestedLines(): Promise<number> {
    const [row] = await this.engine.all<{ n: number | null }>('SELECT SUM(lines) AS n FROM ingest_position');
    return Number(row?.n ?? 0);
  }

  /**
   * Writes consecutive batches in one transaction; `beforeCommit` runs inside it, after the counts. Throws
   * ConcurrentIngestError, with nothing written, when another ingester counted any of them first.
   */
  async commit(batches: readonly BatchToWrite[], beforeCommit?: () => void | Promise<void>): Promise<void> {
    await this.engine.transaction(async (tx) => {
      for (const batch of batches) await this.applyBatch(tx, batch);
      await beforeCommit?.();
    });
  }

  /**
   * Moves the read offsets from where this batch started to where it ended and adds the folded batch to
   * the roll-ups, in the caller's transaction. The offsets move only if they are still where the batch
   * started: if another ingester got there first, ConcurrentIngestError rolls the whole batch back.
   */
  private async applyBatch(tx: SqlExecutor, { rows, from, offsets, linesPerFile }: BatchToWrite): Promise<void> {
    // Counts and offsets commit together and the logs are durable: a commit lost to a crash of the server
    // takes its offsets with it and its lines are counted again, so the commit need not wait for the disk.
    if (this.engine.kind === 'postgres') await tx.run('SET LOCAL synchronous_commit = off');
    // Offsets first: on PostgreSQL this takes the row locks that make a concurrent ingester wait and then fail.
    for (const [file, offset] of offsets) {
      const start = from.get(file);
      const changed =
        start === undefined
          ? await tx.run('INSERT INTO ingest_position (file, byte_offset, lines) VALUES (?, ?, ?) ON CONFLICT (file) DO NOTHING', [
              file,
              offset,
              linesPerFile.get(file) ?? 0,
            ])
          : await tx.run('UPDATE ingest_position SET byte_offset = ?, lines = lines + ? WHERE file = ? AND byte_offset = ?', [
              offset,
              linesPerFile.get(file) ?? 0,
              file,
              start,
            ]);
      if (changed !== 1) throw new ConcurrentIngestError(file);
    }
    // Rows come sorted by key (fold.ts): both engines then update their primary-key indexes in one sweep.
    for (const table of Object.keys(ROLLUPS) as RollupTable[]) {
      const tableRows = rows[table];
      if (tableRows && tableRows.count > 0) await tx.addCounts({ name: table, ...ROLLUPS[table] }, tableRows);
    }
  }
}

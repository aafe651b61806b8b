/**
 * What the query modules of the index work with: one connection, its statements compiled once per shape,
 * and what the connection holds in memory (`memory.ts`).
 */
import type Database from 'better-sqlite3';
import type { IndexMemory } from './memory.ts';
import type { StatementShapes } from './statementShapes.ts';

export interface QueryContext {
  readonly db: Database.Database;
  readonly shapes: StatementShapes;
  readonly memory: IndexMemory;
  /** Matches of plain words are counted exactly up to this volume of their words in memory. */
  readonly exactCountVolume: number;
  /** Packages in the index, counted in the file. */
  count(): number;
}

/** Statements whose text depends on the query's shape (how many ids, which filters) are compiled once per shape. */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

export class StatementShapes {
  private readonly shapes = new LRUCache<string, Database.Statement>({ max: 500 });

  constructor(private readonly db: Database.Database) {}

  cached<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let statement = this.shapes.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.shapes.set(sql, statement);
    }
    return statement as Database.Statement<P, R>;
  }
}

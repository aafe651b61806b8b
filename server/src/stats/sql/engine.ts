/**
 * The one interface the statistics store talks to, so that the same SQL runs on embedded SQLite (the
 * default, no setup) and on PostgreSQL (past one machine). Statements use `?` placeholders; the
 * PostgreSQL engine numbers them. Both engines keep days as text and counts as 64-bit integers.
 */
export type SqlValue = string | number | null;

/**
 * Rows of counts to add, flattened into one array (cheap to pass between threads): each row is its key
 * columns, then its attributes (kept from the first write), then hits and bandwidth.
 */
export interface CountRows {
  count: number;
  values: SqlValue[];
}

/** A table of counts: key columns (its primary key), attribute columns, then `hits` and `bandwidth`. */
export interface CountTable {
  name: string;
  keys: readonly string[];
  extra: readonly string[];
}

export interface SqlExecutor {
  all<T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /** Runs one statement for many parameter rows (the ingester's upserts). */
  runMany(sql: string, rows: readonly (readonly SqlValue[])[]): Promise<void>;
  /**
   * Adds rows (unique keys, sorted by key) to a table of counts: new keys are inserted, existing ones get
   * their hits and bandwidth added. Each engine does this its fastest way.
   */
  addCounts(table: CountTable, rows: CountRows): Promise<void>;
}

export interface SqlEngine extends SqlExecutor {
  readonly kind: 'sqlite' | 'postgres';
  /** Runs `work` in one transaction: all of it is committed, or none of it. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs a script of statements separated by semicolons (schema). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one interface the statistics store talks to, so that the same SQL runs on embedded SQLite (the
 * default, no setup) and on PostgreSQL (past one machine). Statements use `?` placeholders; the
 * PostgreSQL engine numbers them. Both engines keep days as text and counts as 64-bit integers.
 */
export type SqlValue = string | number | null;

/** `?, ?, ?` for a list of `n` values. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/**
 * Rows of counts to add, in few and flat values (cheap to pass between threads): the key columns of every
 * row, row after row, as one string joined by NUL (key values never contain NUL: fold.ts replaces it),
 * the attributes of every row (kept from the first write) row after row, and the counts.
 */
export interface CountRows {
  count: number;
  keys: string;
  extra: string[];
  hits: number[];
  bandwidth: number[];
}

/** The key values of flattened rows, `keyWidth` per row; throws if they do not make whole rows. */
export function keyValues(table: CountTable, rows: CountRows): string[] {
  const values = rows.keys.split('\u0000');
  if (values.length !== rows.count * table.keys.length) {
    throw new Error(`${table.name}: ${values.length} key values for ${rows.count} rows of ${table.keys.length} key columns.`);
  }
  return values;
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
  /** Starts what the first read would otherwise wait for (SQLite's reading threads). */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What several origins and data API instances must agree on, behind one interface: in one SQLite file for
 * the processes of one machine (`sqliteState.ts`), in Redis for a fleet (`redisState.ts`), in memory for one
 * process (`memoryState.ts`: tests, `--one-process`). Every method may be called on the request path; the
 * SQLite and Redis ones are wrapped so that a failure falls back to this process's own answer
 * (`resilientState.ts`) instead of failing the request.
 */

/** What an alias (range, dist-tag, branch, `latest`) stands for while it lives. */
export interface AliasAnswer {
  version: string;
  kind: string;
  /** Epoch milliseconds after which the alias must be resolved again. */
  expiresAt: number;
}

/** A held lock; `release()` lets the next waiter in, and is harmless after the lock expired. */
export interface HeldLock {
  release(): Promise<void>;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the client may send again (0 when allowed). */
  retryAfterSeconds: number;
}

export type MessageHandler = (message: string) => void;

export interface SharedState {
  /**
   * 'memory' when nothing leaves this process, 'sqlite' when the processes of one machine share one file,
   * 'redis' when every instance sharing the URL sees the same state.
   */
  readonly kind: 'memory' | 'sqlite' | 'redis';

  /** The answer of `alias` of package `scope` (e.g. `npm:jquery`) while it lives, or null. */
  alias(scope: string, alias: string): Promise<AliasAnswer | null>;
  /**
   * Records `proposed` for `alias` unless a live answer is already there, and returns the one that stands:
   * of two instances resolving at once, both answer the first one's version.
   */
  claimAlias(scope: string, alias: string, proposed: { version: string; kind: string }, ttlMs: number): Promise<AliasAnswer>;
  /** Forgets every alias of `scope` and records that its documents were purged at `at` (epoch ms). */
  purgeScope(scope: string, at: number): Promise<void>;
  /** When the documents of `scope` were last purged (epoch ms), or null: an older document is not fresh. */
  purgedAt(scope: string): Promise<number | null>;

  /**
   * Takes the lock `name` for `ttlMs` (kept alive while held: it lapses only when its holder dies), or null
   * when another holder has it.
   */
  tryLock(name: string, ttlMs: number): Promise<HeldLock | null>;
  /** Resolves once the lock `name` is free (released, or lapsed because its holder died). */
  waitForUnlock(name: string): Promise<void>;

  /** Counts one request of `client` in a sliding window; refused (and not counted) past `limit`. */
  takeRate(bucket: string, client: string, limit: number, windowMs: number): Promise<RateDecision>;
  /**
   * True (and records `at`, epoch ms) unless `key` was let through less than `throttleMs` before `at`. One
   * atomic step: of two instances racing for one key, one passes.
   */
  passThrottle(key: string, at: number, throttleMs: number): Promise<boolean>;

  /** A JSON record kept for `ttlMs`; `set` with `ttlMs` 0 keeps the current lifetime. */
  getRecord(key: string): Promise<string | null>;
  setRecord(key: string, value: string, ttlMs: number): Promise<void>;
  /** Members of a set of record keys (e.g. pending purge jobs). */
  addMember(set: string, member: string): Promise<void>;
  removeMember(set: string, member: string): Promise<void>;
  members(set: string): Promise<string[]>;

  /** Sends `message` to every subscriber of `channel` in every instance; resolves with how many got it. */
  publish(channel: string, message: string): Promise<number>;
  /** Resolves once the subscription is active; returns the function that ends it. */
  subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>>;

  close(): Promise<void>;
}

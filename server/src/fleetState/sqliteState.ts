/**
 * Shared state in one SQLite file, for the processes of one machine (`npm start` runs every service in two or
 * more): without it each process kept its own rate limits, challenge records and throttles, so a client's
 * purge limit doubled and a solved challenge could be spent once per process.
 *
 * Every step the interface calls atomic (claim an alias, take a rate, pass a throttle, take a lock) is one
 * `BEGIN IMMEDIATE` transaction: the write lock is taken before the read, so two processes racing for one key
 * cannot both read "absent". Each statement touches a few rows by primary key, so a transaction holds the
 * lock for microseconds; another process's writer waits on the busy timeout rather than failing. The calls
 * are synchronous (better-sqlite3) on the serving thread, which is why nothing here scans a table: expired
 * rows are removed lazily, a bounded batch of a table every few hundred writes to it, so the sweeping grows
 * with the writes that create rows and the file holds little more than the live rows.
 *
 * Times are this machine's clock: every process reading the file shares it.
 *
 * Messages (`publish`/`subscribe`) are delivered in this process only. On one machine the only messages are
 * purges, and the launcher already relays those between all processes over its IPC channel
 * (`../launcher/purgeRelay.ts`); a polled table would add a write per purge and a read per process every
 * poll for nothing (`../purgefanout/fanout.ts` joins the fleet's channel only for Redis).
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AliasAnswer, HeldLock, MessageHandler, RateDecision, SharedState } from './types.ts';

/**
 * How long a writer waits for another process's transaction: theirs take microseconds, a checkpoint a few ms,
 * but a holder the scheduler sets aside on an overloaded machine keeps the lock for its whole wait; a call that
 * failed then would fail its request, where waiting costs only that moment.
 */
const BUSY_TIMEOUT_MS = 5000;
/** How long a purge time is remembered: longer than any document is served stale (as in Redis). */
const PURGE_MEMORY_MS = 24 * 3600_000;
/** A throttle is kept a minute past its end, as in Redis. */
const THROTTLE_MARGIN_MS = 60_000;
const LOCK_POLL_MS = 50;
/** Every this many writes to a table, it loses up to SWEEP_BATCH expired rows: faster than the writes add them. */
const SWEEP_EVERY = 200;
const SWEEP_BATCH = 500;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS aliases (scope TEXT NOT NULL, alias TEXT NOT NULL, version TEXT NOT NULL, kind TEXT NOT NULL, expires_at INTEGER NOT NULL, PRIMARY KEY (scope, alias));
CREATE INDEX IF NOT EXISTS aliases_expiry ON aliases (expires_at);
CREATE TABLE IF NOT EXISTS purges (scope TEXT PRIMARY KEY, at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS purges_expiry ON purges (expires_at);
CREATE TABLE IF NOT EXISTS locks (name TEXT PRIMARY KEY, token TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS locks_expiry ON locks (expires_at);
CREATE TABLE IF NOT EXISTS hits (id INTEGER PRIMARY KEY, key TEXT NOT NULL, at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS hits_key ON hits (key, at);
CREATE INDEX IF NOT EXISTS hits_expiry ON hits (expires_at);
CREATE TABLE IF NOT EXISTS throttles (key TEXT PRIMARY KEY, at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS throttles_expiry ON throttles (expires_at);
CREATE TABLE IF NOT EXISTS records (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER);
CREATE INDEX IF NOT EXISTS records_expiry ON records (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS members (name TEXT NOT NULL, member TEXT NOT NULL, PRIMARY KEY (name, member));
`;

/** The tables whose rows expire, each with the key its batch deletes by. */
const EXPIRING = {
  aliases: 'rowid',
  purges: 'rowid',
  locks: 'rowid',
  hits: 'id',
  throttles: 'rowid',
  records: 'rowid',
} as const;
type Expiring = keyof typeof EXPIRING;

export interface SqliteStateOptions {
  now?: () => number;
}

/** `{dataDir}/shared-state.sqlite`: the file the processes of one machine share. */
export function sharedStateFile(dataDir: string): string {
  return path.join(dataDir, 'shared-state.sqlite');
}

export class SqliteState implements SharedState {
  readonly kind = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly now: () => number;
  private readonly bus = new EventEmitter().setMaxListeners(100);
  private readonly renewals = new Set<NodeJS.Timeout>();
  private readonly writes = new Map<Expiring, number>();
  private readonly statements;
  private readonly sweeps;

  constructor(file: string, options: SqliteStateOptions = {}) {
    this.now = options.now ?? Date.now;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    // Set first: switching to WAL and creating the schema may meet another process doing the same.
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    this.db.pragma('journal_mode = WAL');
    // What is lost to a power cut is moments of rate limits and aliases, not worth a sync per write.
    this.db.pragma('synchronous = NORMAL');
    this.db.transaction(() => this.db.exec(SCHEMA)).immediate();
    const db = this.db;
    this.statements = {
      alias: db.prepare<[string, string, number], { version: string; kind: string; expires_at: number }>(
        'SELECT version, kind, expires_at FROM aliases WHERE scope = ? AND alias = ? AND expires_at > ?',
      ),
      putAlias: db.prepare<[string, string, string, string, number]>(
        'INSERT INTO aliases (scope, alias, version, kind, expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, alias) DO UPDATE SET version = excluded.version, kind = excluded.kind, expires_at = excluded.expires_at',
      ),
      dropAliases: db.prepare<[string]>('DELETE FROM aliases WHERE scope = ?'),
      purgedAt: db.prepare<[string, number], { at: number }>('SELECT at FROM purges WHERE scope = ? AND expires_at > ?'),
      putPurge: db.prepare<[string, number, number]>(
        'INSERT INTO purges (scope, at, expires_at) VALUES (?, ?, ?) ON CONFLICT (scope) DO UPDATE SET at = max(at, excluded.at), expires_at = excluded.expires_at',
      ),
      lock: db.prepare<[string, number], { token: string }>('SELECT token FROM locks WHERE name = ? AND expires_at > ?'),
      putLock: db.prepare<[string, string, number]>(
        'INSERT INTO locks (name, token, expires_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at',
      ),
      renewLock: db.prepare<[number, string, string]>('UPDATE locks SET expires_at = ? WHERE name = ? AND token = ?'),
      releaseLock: db.prepare<[string, string]>('DELETE FROM locks WHERE name = ? AND token = ?'),
      forgetHits: db.prepare<[string, number]>('DELETE FROM hits WHERE key = ? AND at <= ?'),
      countHits: db.prepare<[string], { count: number; oldest: number | null }>('SELECT count(*) AS count, min(at) AS oldest FROM hits WHERE key = ?'),
      addHit: db.prepare<[string, number, number]>('INSERT INTO hits (key, at, expires_at) VALUES (?, ?, ?)'),
      throttle: db.prepare<[string], { at: number }>('SELECT at FROM throttles WHERE key = ?'),
      putThrottle: db.prepare<[string, number, number]>(
        'INSERT INTO throttles (key, at, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET at = excluded.at, expires_at = excluded.expires_at',
      ),
      record: db.prepare<[string, number], { value: string }>('SELECT value FROM records WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)'),
      recordExpiry: db.prepare<[string, number], { expires_at: number | null }>(
        'SELECT expires_at FROM records WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)',
      ),
      putRecord: db.prepare<[string, string, number | null]>(
        'INSERT INTO records (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
      ),
      addMember: db.prepare<[string, string]>('INSERT OR IGNORE INTO members (name, member) VALUES (?, ?)'),
      removeMember: db.prepare<[string, string]>('DELETE FROM members WHERE name = ? AND member = ?'),
      members: db.prepare<[string], { member: string }>('SELECT member FROM members WHERE name = ? ORDER BY rowid'),
    };
    this.sweeps = new Map(
      Object.entries(EXPIRING).map(([table, key]) => [
        table as Expiring,
        db.prepare<[number]>(`DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE expires_at <= ? LIMIT ${SWEEP_BATCH})`),
      ]),
    );
  }

  /** Runs `step` as one transaction that holds the write lock from its first read; now and then sweeps `table`. */
  private write<T>(table: Expiring, step: () => T): T {
    const result = this.db.transaction(step).immediate();
    const writes = (this.writes.get(table) ?? 0) + 1;
    this.writes.set(table, writes % SWEEP_EVERY);
    if (writes === SWEEP_EVERY) this.sweeps.get(table)!.run(this.now());
    return result;
  }

  async alias(scope: string, alias: string): Promise<AliasAnswer | null> {
    const row = this.statements.alias.get(scope, alias, this.now());
    return row ? { version: row.version, kind: row.kind, expiresAt: row.expires_at } : null;
  }

  async claimAlias(scope: string, alias: string, proposed: { version: string; kind: string }, ttlMs: number): Promise<AliasAnswer> {
    return this.write('aliases', () => {
      const now = this.now();
      const live = this.statements.alias.get(scope, alias, now);
      if (live) return { version: live.version, kind: live.kind, expiresAt: live.expires_at };
      const answer = { version: proposed.version, kind: proposed.kind, expiresAt: now + Math.max(1, Math.round(ttlMs)) };
      this.statements.putAlias.run(scope, alias, answer.version, answer.kind, answer.expiresAt);
      return answer;
    });
  }

  async purgeScope(scope: string, at: number): Promise<void> {
    this.write('purges', () => {
      this.statements.dropAliases.run(scope);
      this.statements.putPurge.run(scope, at, this.now() + PURGE_MEMORY_MS);
    });
  }

  async purgedAt(scope: string): Promise<number | null> {
    return this.statements.purgedAt.get(scope, this.now())?.at ?? null;
  }

  async tryLock(name: string, ttlMs: number): Promise<HeldLock | null> {
    const token = crypto.randomUUID();
    const ttl = Math.max(1, Math.round(ttlMs));
    const taken = this.write('locks', () => {
      if (this.statements.lock.get(name, this.now())) return false;
      this.statements.putLock.run(name, token, this.now() + ttl);
      return true;
    });
    if (!taken) return null;
    // Renewed while this process lives; when it dies (kill -9 included) the renewals stop and the lock
    // lapses after ttlMs, so another process can take over the download.
    const renewal = setInterval(
      () => {
        try {
          this.statements.renewLock.run(this.now() + ttl, name, token);
        } catch {
          // Busy past the timeout: the next renewal comes well before the lock lapses.
        }
      },
      Math.max(10, ttl / 3),
    );
    renewal.unref();
    this.renewals.add(renewal);
    return {
      release: async () => {
        clearInterval(renewal);
        this.renewals.delete(renewal);
        if (this.db.open) this.statements.releaseLock.run(name, token);
      },
    };
  }

  async waitForUnlock(name: string): Promise<void> {
    while (this.statements.lock.get(name, this.now())) await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }

  async takeRate(bucket: string, client: string, limit: number, windowMs: number): Promise<RateDecision> {
    const key = `${bucket}:${client}`;
    return this.write('hits', () => {
      const now = this.now();
      // Only this client's rows, by index: its count never exceeds the limit.
      this.statements.forgetHits.run(key, now - windowMs);
      const { count, oldest } = this.statements.countHits.get(key)!;
      if (count >= limit) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((oldest ?? now) + windowMs - now) / 1000)) };
      }
      this.statements.addHit.run(key, now, now + windowMs);
      return { allowed: true, retryAfterSeconds: 0 };
    });
  }

  async passThrottle(key: string, at: number, throttleMs: number): Promise<boolean> {
    return this.write('throttles', () => {
      const last = this.statements.throttle.get(key);
      if (last && last.at > at - throttleMs) return false;
      this.statements.putThrottle.run(key, at, Math.max(at, this.now()) + throttleMs + THROTTLE_MARGIN_MS);
      return true;
    });
  }

  async getRecord(key: string): Promise<string | null> {
    return this.statements.record.get(key, this.now())?.value ?? null;
  }

  async setRecord(key: string, value: string, ttlMs: number): Promise<void> {
    this.write('records', () => {
      const now = this.now();
      // 0 keeps the current lifetime; a record that had none (or is gone) is kept until replaced, as in Redis.
      const expiresAt = ttlMs > 0 ? now + Math.round(ttlMs) : (this.statements.recordExpiry.get(key, now)?.expires_at ?? null);
      this.statements.putRecord.run(key, value, expiresAt);
    });
  }

  async addMember(set: string, member: string): Promise<void> {
    this.statements.addMember.run(set, member);
  }

  async removeMember(set: string, member: string): Promise<void> {
    this.statements.removeMember.run(set, member);
  }

  async members(set: string): Promise<string[]> {
    return this.statements.members.all(set).map((row) => row.member);
  }

  async publish(channel: string, message: string): Promise<number> {
    const count = this.bus.listenerCount(channel);
    // Delivered after the publisher continues, as a message from another instance would be.
    setImmediate(() => this.bus.emit(channel, message));
    return count;
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    this.bus.on(channel, handler);
    return async () => void this.bus.off(channel, handler);
  }

  async close(): Promise<void> {
    for (const renewal of this.renewals) clearInterval(renewal);
    this.renewals.clear();
    this.bus.removeAllListeners();
    if (this.db.open) this.db.close();
  }
}

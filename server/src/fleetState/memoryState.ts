/**
 * Shared state kept in this process: right for one machine, where every service holding a package store
 * runs in this process or hears of purges through the launcher. Bounded maps, entries expire on read.
 */
import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import type { AliasAnswer, HeldLock, MessageHandler, RateDecision, SharedState } from './types.ts';

const MAX_SCOPES = 50_000;
const MAX_ALIASES = 100_000;
const MAX_CLIENTS = 100_000;
const LOCK_POLL_MS = 50;

export class MemoryState implements SharedState {
  readonly kind = 'memory' as const;
  /** By `${scope}\n${alias}`, so that the distinct ranges clients send for one package share the one bound. */
  // Each bounded map is made on first use: a cache sets aside its whole bound when made (a few milliseconds and
  // megabytes each), and most processes, and most tests, use only some of them.
  private readonly aliases = onFirstUse(() => new LRUCache<string, AliasAnswer>({ max: MAX_ALIASES }));
  private readonly purges = onFirstUse(() => new LRUCache<string, number>({ max: MAX_SCOPES }));
  private readonly locks = new Map<string, { token: symbol; until: number }>();
  private readonly hits = onFirstUse(() => new LRUCache<string, number[]>({ max: MAX_CLIENTS }));
  private readonly throttles = onFirstUse(() => new LRUCache<string, number>({ max: MAX_CLIENTS }));
  private readonly records = onFirstUse(() => new LRUCache<string, { value: string; until: number }>({ max: MAX_CLIENTS }));
  private readonly sets = new Map<string, Set<string>>();
  private readonly bus = new EventEmitter().setMaxListeners(100);

  constructor(private readonly now: () => number = Date.now) {}

  async alias(scope: string, alias: string): Promise<AliasAnswer | null> {
    const answer = this.aliases().get(aliasKey(scope, alias));
    return answer && answer.expiresAt > this.now() ? answer : null;
  }

  async claimAlias(scope: string, alias: string, proposed: { version: string; kind: string }, ttlMs: number): Promise<AliasAnswer> {
    const live = await this.alias(scope, alias);
    if (live) return live;
    const answer = { version: proposed.version, kind: proposed.kind, expiresAt: this.now() + ttlMs };
    this.aliases().set(aliasKey(scope, alias), answer);
    return answer;
  }

  async purgeScope(scope: string, at: number): Promise<void> {
    const prefix = aliasKey(scope, '');
    for (const key of [...this.aliases().keys()]) if (key.startsWith(prefix)) this.aliases().delete(key);
    this.purges().set(scope, Math.max(at, this.purges().get(scope) ?? 0));
  }

  async purgedAt(scope: string): Promise<number | null> {
    return this.purges().get(scope) ?? null;
  }

  async tryLock(name: string, _ttlMs: number): Promise<HeldLock | null> {
    const held = this.locks.get(name);
    if (held && held.until > this.now()) return null;
    const token = Symbol(name);
    this.locks.set(name, { token, until: Number.POSITIVE_INFINITY });
    // In one process the holder cannot die without the lock going with it: no lapse needed while held.
    return {
      release: async () => {
        if (this.locks.get(name)?.token === token) this.locks.delete(name);
      },
    };
  }

  async waitForUnlock(name: string): Promise<void> {
    for (;;) {
      const held = this.locks.get(name);
      if (!held || held.until <= this.now()) return;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }

  async takeRate(bucket: string, client: string, limit: number, windowMs: number): Promise<RateDecision> {
    const key = `${bucket}:${client}`;
    const now = this.now();
    const recent = (this.hits().get(key) ?? []).filter((time) => time > now - windowMs);
    if (recent.length >= limit) {
      this.hits().set(key, recent);
      const oldest = recent[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.hits().set(key, recent);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  async passThrottle(key: string, at: number, throttleMs: number): Promise<boolean> {
    const last = this.throttles().get(key);
    if (last !== undefined && last > at - throttleMs) return false;
    this.throttles().set(key, at);
    return true;
  }

  async getRecord(key: string): Promise<string | null> {
    const record = this.records().get(key);
    return record && record.until > this.now() ? record.value : null;
  }

  async setRecord(key: string, value: string, ttlMs: number): Promise<void> {
    const until = ttlMs > 0 ? this.now() + ttlMs : (this.records().get(key)?.until ?? Number.POSITIVE_INFINITY);
    this.records().set(key, { value, until });
  }

  async addMember(set: string, member: string): Promise<void> {
    let members = this.sets.get(set);
    if (!members) this.sets.set(set, (members = new Set()));
    members.add(member);
  }

  async removeMember(set: string, member: string): Promise<void> {
    this.sets.get(set)?.delete(member);
  }

  async members(set: string): Promise<string[]> {
    return [...(this.sets.get(set) ?? [])];
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
    this.bus.removeAllListeners();
  }
}

const aliasKey = (scope: string, alias: string): string => `${scope}\n${alias}`;

/** The value `make` gives, made at the first call and kept. */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * Shared state in Redis, for a fleet of origins and data API instances: every instance configured with the
 * same `SKYLIFT_REDIS_URL` sees the same aliases, purge times, locks, rate limits, records and messages.
 * Times that decide between instances come from the Redis server's clock (`TIME` in the scripts), so that
 * machines whose clocks differ still agree on when an alias expires. Commands fail fast (no offline queue,
 * a short timeout): the caller (`resilientState.ts`) then answers from this process alone.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { AliasAnswer, HeldLock, MessageHandler, RateDecision, SharedState } from './types.ts';

const PREFIX = 'skylift:';
/** How long a purge time is remembered: longer than any document is served stale. */
const PURGE_MEMORY_MS = 24 * 3600_000;
const LOCK_POLL_MS = 50;
const COMMAND_TIMEOUT_MS = 1000;

// Returns the live answer, or stores the proposed one; the hash lives as long as its longest alias.
const CLAIM_ALIAS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current then
  local ok, answer = pcall(cjson.decode, current)
  if ok and tonumber(answer.expiresAt) > now then return current end
end
local ttl = tonumber(ARGV[3])
local answer = cjson.encode({ version = ARGV[2], kind = ARGV[4], expiresAt = now + ttl })
redis.call('HSET', KEYS[1], ARGV[1], answer)
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return answer`;

const READ_ALIAS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local current = redis.call('HGET', KEYS[1], ARGV[1])
if not current then return false end
local ok, answer = pcall(cjson.decode, current)
if ok and tonumber(answer.expiresAt) > now then return current end
return false`;

const RENEW_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE_LOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

// A sliding window in a sorted set of request times; answers {allowed, retry-after seconds}.
const TAKE_RATE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local wait = math.ceil((tonumber(oldest[2]) + window - now) / 1000)
  if wait < 1 then wait = 1 end
  return {0, wait}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}`;

// Kept a minute past the throttle, so that a clock a little behind still finds it.
const PASS_THROTTLE = `
local last = redis.call('GET', KEYS[1])
if last and tonumber(last) > tonumber(ARGV[1]) - tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]) + 60000)
return 1`;

const PURGE_SCOPE = `
redis.call('DEL', KEYS[1])
local at = tonumber(ARGV[1])
local known = tonumber(redis.call('GET', KEYS[2]) or '0')
if at > known then redis.call('SET', KEYS[2], at, 'PX', ARGV[2]) end
return 1`;

export interface RedisStateOptions {
  /** Told when the connection is lost or comes back; ioredis reconnects by itself. */
  onConnectionError?: (error: Error) => void;
}

export class RedisState implements SharedState {
  readonly kind = 'redis' as const;
  private readonly client: Redis;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, Set<MessageHandler>>();

  private constructor(
    private readonly url: string,
    private readonly options: RedisStateOptions,
  ) {
    this.client = this.connection(false);
  }

  /** Connects to `url`; a Redis that cannot be reached yet is retried in the background (commands fail meanwhile). */
  static async open(url: string, options: RedisStateOptions = {}): Promise<RedisState> {
    const state = new RedisState(url, options);
    await state.client.connect().catch((error: Error) => options.onConnectionError?.(error));
    return state;
  }

  private connection(queueWhileOffline: boolean): Redis {
    const client = new Redis(this.url, {
      lazyConnect: true,
      enableOfflineQueue: queueWhileOffline,
      // Subscriptions wait for the connection however long it takes; other commands fail fast.
      maxRetriesPerRequest: queueWhileOffline ? null : 1,
      commandTimeout: queueWhileOffline ? undefined : COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    client.on('error', (error: Error) => this.options.onConnectionError?.(error));
    return client;
  }

  async alias(scope: string, alias: string): Promise<AliasAnswer | null> {
    const raw = (await this.client.eval(READ_ALIAS, 1, `${PREFIX}alias:${scope}`, alias)) as string | null;
    return raw ? parseAnswer(raw) : null;
  }

  async claimAlias(scope: string, alias: string, proposed: { version: string; kind: string }, ttlMs: number): Promise<AliasAnswer> {
    const raw = (await this.client.eval(
      CLAIM_ALIAS,
      1,
      `${PREFIX}alias:${scope}`,
      alias,
      proposed.version,
      String(Math.max(1, Math.round(ttlMs))),
      proposed.kind,
    )) as string;
    return parseAnswer(raw);
  }

  async purgeScope(scope: string, at: number): Promise<void> {
    await this.client.eval(PURGE_SCOPE, 2, `${PREFIX}alias:${scope}`, `${PREFIX}purged:${scope}`, String(at), String(PURGE_MEMORY_MS));
  }

  async purgedAt(scope: string): Promise<number | null> {
    const raw = await this.client.get(`${PREFIX}purged:${scope}`);
    return raw === null ? null : Number(raw);
  }

  async tryLock(name: string, ttlMs: number): Promise<HeldLock | null> {
    const key = `${PREFIX}lock:${name}`;
    const token = crypto.randomUUID();
    const ttl = String(Math.max(1, Math.round(ttlMs)));
    if ((await this.client.set(key, token, 'PX', ttl, 'NX')) !== 'OK') return null;
    // Renewed while this process lives; when it dies the renewals stop and the lock lapses after ttlMs.
    const renewal = setInterval(() => void this.client.eval(RENEW_LOCK, 1, key, token, ttl).catch(() => undefined), Math.max(10, ttlMs / 3));
    renewal.unref();
    return {
      release: async () => {
        clearInterval(renewal);
        await this.client.eval(RELEASE_LOCK, 1, key, token);
      },
    };
  }

  async waitForUnlock(name: string): Promise<void> {
    const key = `${PREFIX}lock:${name}`;
    while ((await this.client.exists(key)) === 1) await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }

  async takeRate(bucket: string, client: string, limit: number, windowMs: number): Promise<RateDecision> {
    const [allowed, wait] = (await this.client.eval(
      TAKE_RATE,
      1,
      `${PREFIX}rate:${bucket}:${client}`,
      String(limit),
      String(windowMs),
      crypto.randomUUID(),
    )) as [number, number];
    return { allowed: allowed === 1, retryAfterSeconds: wait };
  }

  async passThrottle(key: string, at: number, throttleMs: number): Promise<boolean> {
    return (await this.client.eval(PASS_THROTTLE, 1, `${PREFIX}throttle:${key}`, String(at), String(Math.max(0, Math.round(throttleMs))))) === 1;
  }

  async getRecord(key: string): Promise<string | null> {
    return this.client.get(`${PREFIX}record:${key}`);
  }

  async setRecord(key: string, value: string, ttlMs: number): Promise<void> {
    if (ttlMs > 0) await this.client.set(`${PREFIX}record:${key}`, value, 'PX', String(Math.round(ttlMs)));
    else await this.client.set(`${PREFIX}record:${key}`, value, 'KEEPTTL');
  }

  async addMember(set: string, member: string): Promise<void> {
    await this.client.sadd(`${PREFIX}set:${set}`, member);
  }

  async removeMember(set: string, member: string): Promise<void> {
    await this.client.srem(`${PREFIX}set:${set}`, member);
  }

  async members(set: string): Promise<string[]> {
    return this.client.smembers(`${PREFIX}set:${set}`);
  }

  async publish(channel: string, message: string): Promise<number> {
    return this.client.publish(`${PREFIX}${channel}`, message);
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    const full = `${PREFIX}${channel}`;
    if (!this.subscriber) {
      // A connection of its own (a subscribed connection can do nothing else), which queues its subscriptions
      // while Redis is away and subscribes again after each reconnection.
      const subscriber = (this.subscriber = this.connection(true));
      subscriber.on('message', (from: string, message: string) => {
        for (const listener of this.handlers.get(from) ?? []) listener(message);
      });
      await subscriber.connect().catch((error: Error) => this.options.onConnectionError?.(error));
    }
    let listeners = this.handlers.get(full);
    const first = !listeners;
    if (!listeners) this.handlers.set(full, (listeners = new Set()));
    listeners.add(handler);
    // While Redis is away the subscription waits in the queue and takes effect when it comes back.
    if (first) await withTimeout(this.subscriber.subscribe(full), COMMAND_TIMEOUT_MS).catch((error: Error) => this.options.onConnectionError?.(error));
    return async () => {
      listeners.delete(handler);
      if (listeners.size === 0 && this.handlers.get(full) === listeners) {
        this.handlers.delete(full);
        // Not awaited past the timeout: while Redis is away the command waits in the queue (its handlers are gone already).
        if (this.subscriber) await withTimeout(this.subscriber.unsubscribe(full), COMMAND_TIMEOUT_MS).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.client.disconnect();
  }
}

function parseAnswer(raw: string): AliasAnswer {
  const answer = JSON.parse(raw) as { version: string; kind: string; expiresAt: number };
  return { version: String(answer.version), kind: String(answer.kind), expiresAt: Number(answer.expiresAt) };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

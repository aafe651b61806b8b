/**
 * Per-client rate limit of purge requests: a sliding window of one minute per client address, kept in
 * memory with a bounded number of clients (the least recently seen go first).
 */
import { LRUCache } from 'lru-cache';

const WINDOW_MS = 60_000;
const MAX_CLIENTS = 100_000;

export class RateLimiter {
  private readonly hits = new LRUCache<string, number[]>({ max: MAX_CLIENTS });

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of `client`; false when it is over the limit (and then it is not counted). */
  take(client: string): boolean {
    const now = this.now();
    const recent = (this.hits.get(client) ?? []).filter((time) => time > now - WINDOW_MS);
    if (recent.length >= this.perMinute) {
      this.hits.set(client, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(client, recent);
    return true;
  }

  /** Seconds until `client` may send again. */
  retryAfter(client: string): number {
    const oldest = this.hits.get(client)?.[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + WINDOW_MS - this.now()) / 1000));
  }
}

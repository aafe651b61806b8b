/**
 * Per-client rate limit of purge requests: a sliding window of one minute per client address, counted in
 * the shared state, so that a client spreading its requests over the purge instances of a fleet meets one
 * limit (in memory, bounded, on one machine).
 */
import type { RateDecision, SharedState } from '../fleetState/index.ts';

const WINDOW_MS = 60_000;

export class RateLimiter {
  constructor(
    private readonly state: SharedState,
    private readonly perMinute: number,
  ) {}

  /** Counts a request of `client`; refused (and then not counted) when it is over the limit, with the seconds to wait. */
  take(client: string): Promise<RateDecision> {
    return this.state.takeRate('purge', client, this.perMinute, WINDOW_MS);
  }
}

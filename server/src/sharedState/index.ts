/**
 * The shared state of this process: Redis when `SKYLIFT_REDIS_URL` is configured, memory otherwise. The
 * services in one process (the CDN, the data API, the purge service) share one connection; each service
 * that acquires it counts the failures in its own metrics and logs them (at most one line per operation
 * every 10 s: while Redis is away every request would otherwise log one).
 */
import { Counter, type Registry } from 'prom-client';
import type { Config } from '../config/config.ts';
import { MemoryState } from './memoryState.ts';
import { RedisState } from './redisState.ts';
import { ResilientState, type FailureListener } from './resilientState.ts';
import type { SharedState } from './types.ts';

export type { AliasAnswer, HeldLock, RateDecision, SharedState } from './types.ts';
export { MemoryState } from './memoryState.ts';

const LOG_EVERY_MS = 10_000;

export interface SharedStateHandle {
  state: SharedState;
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** Where `shared_state_failures_total{operation}` is counted (the service's /metrics). */
  metrics?: Registry;
  /** Where failures are logged; the service falls back to its own state meanwhile. */
  log?: (error: unknown, operation: string) => void;
}

interface Opened {
  state: SharedState;
  users: number;
  listeners: Set<FailureListener>;
}

const opened = new Map<string, Promise<Opened>>();

/** Opens the state for `redisUrl` (memory when absent), with failures told to `onFailure`. */
export async function openSharedState(redisUrl: string | undefined, onFailure: FailureListener): Promise<SharedState> {
  if (!redisUrl) return new MemoryState();
  const redis = await RedisState.open(redisUrl, { onConnectionError: (error) => onFailure('connection', error) });
  return new ResilientState(redis, onFailure);
}

/**
 * The process's shared state for this configuration, opened on first use; release the handle at close.
 * Without Redis each caller gets a memory state of its own: on one machine there is nothing to share
 * between services beyond what the purge fan-out already carries.
 */
export async function acquireSharedState(config: Pick<Config, 'storage'>, options: AcquireOptions = {}): Promise<SharedStateHandle> {
  if (!config.storage.redisUrl) {
    const state = new MemoryState();
    return { state, release: () => state.close() };
  }
  const key = config.storage.redisUrl;
  let entry = opened.get(key);
  if (!entry) {
    const listeners = new Set<FailureListener>();
    entry = openSharedState(config.storage.redisUrl, (operation, error) => {
      for (const listener of listeners) listener(operation, error);
    }).then((state) => ({ state, users: 0, listeners }));
    opened.set(key, entry);
    entry.catch(() => opened.delete(key));
  }
  const shared = await entry;
  shared.users++;
  const listener = failureReporter(options);
  shared.listeners.add(listener);
  let released = false;
  return {
    state: shared.state,
    async release() {
      if (released) return;
      released = true;
      shared.listeners.delete(listener);
      if (--shared.users > 0) return;
      opened.delete(key);
      await shared.state.close();
    },
  };
}

function failureReporter(options: AcquireOptions): FailureListener {
  const failures = options.metrics
    ? ((options.metrics.getSingleMetric('shared_state_failures_total') as Counter<'operation'> | undefined) ??
      new Counter({
        name: 'shared_state_failures_total',
        help: 'Calls to the shared state (Redis) that failed and were answered by this process alone, by operation.',
        labelNames: ['operation'] as const,
        registers: [options.metrics],
      }))
    : null;
  const lastLogged = new Map<string, number>();
  return (operation, error) => {
    failures?.inc({ operation });
    const now = Date.now();
    if ((lastLogged.get(operation) ?? 0) > now - LOG_EVERY_MS) return;
    lastLogged.set(operation, now);
    options.log?.(error, operation);
  };
}

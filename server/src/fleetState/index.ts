/**
 * The shared state of this process: Redis when `SKYLIFT_REDIS_URL` is configured; otherwise one SQLite file
 * in the data folder for the processes of this machine (what a launcher's service processes get), or this
 * process's memory (one process alone, tests). The services in one process (the CDN, the data API, the
 * purge service) share one connection; each service that acquires it counts the failures in its own metrics
 * and logs them (at most one line per operation every 10 s: while the state is away every request would
 * otherwise log one).
 */
import { Counter, type Registry } from 'prom-client';
import type { Config } from '../config/config.ts';
import { MemoryState } from './memoryState.ts';
import { RedisState } from './redisState.ts';
import { ResilientState, type FailureListener } from './resilientState.ts';
import { SqliteState, sharedStateFile } from './sqliteState.ts';
import type { SharedState } from './types.ts';

export type { AliasAnswer, HeldLock, RateDecision, SharedState } from './types.ts';
export { MemoryState } from './memoryState.ts';
export { SqliteState, sharedStateFile } from './sqliteState.ts';

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

/** Where a configuration keeps its state: a Redis URL, a SQLite file, or null for this process's memory. */
type Location = { redisUrl: string } | { sqliteFile: string } | null;

function locationOf(config: StateConfig): Location {
  if (config.storage.redisUrl) return { redisUrl: config.storage.redisUrl };
  if (config.storage.localState === 'sqlite' && config.dataDir) return { sqliteFile: sharedStateFile(config.dataDir) };
  return null;
}

/** Opens the state for `redisUrl` (memory when absent), with failures told to `onFailure`. */
export async function openSharedState(redisUrl: string | undefined, onFailure: FailureListener): Promise<SharedState> {
  if (!redisUrl) return new MemoryState();
  const redis = await RedisState.open(redisUrl, { onConnectionError: (error) => onFailure('connection', error) });
  return new ResilientState(redis, onFailure);
}

/**
 * Opens the SQLite state in `file`; a call that fails (the file locked past the busy timeout, the disk) is
 * answered by this process, and so is every call when the file cannot be opened at all (a service without
 * its shared state still serves, as one process would).
 */
export function openSqliteState(file: string, onFailure: FailureListener): SharedState {
  try {
    return new ResilientState(new SqliteState(file), onFailure);
  } catch (error) {
    onFailure('open', error);
    return new MemoryState();
  }
}

export type StateConfig = Pick<Config, 'storage'> & Partial<Pick<Config, 'dataDir'>>;

/**
 * The process's shared state for this configuration, opened on first use; release the handle at close.
 * In memory each caller gets a state of its own: one process alone has nothing to share between its
 * services beyond what the purge fan-out already carries.
 */
export async function acquireSharedState(config: StateConfig, options: AcquireOptions = {}): Promise<SharedStateHandle> {
  const location = locationOf(config);
  if (!location) {
    const state = new MemoryState();
    return { state, release: () => state.close() };
  }
  const key = 'redisUrl' in location ? `redis:${location.redisUrl}` : `sqlite:${location.sqliteFile}`;
  const listener = failureReporter(options);
  let entry = opened.get(key);
  if (!entry) {
    // The first user hears of failures while opening too (a file that cannot be opened, Redis away).
    const listeners = new Set<FailureListener>([listener]);
    const onFailure: FailureListener = (operation, error) => {
      for (const listener of listeners) listener(operation, error);
    };
    const opening =
      'redisUrl' in location ? openSharedState(location.redisUrl, onFailure) : Promise.resolve().then(() => openSqliteState(location.sqliteFile, onFailure));
    entry = opening.then((state) => ({ state, users: 0, listeners }));
    opened.set(key, entry);
    entry.catch(() => opened.delete(key));
  }
  const shared = await entry;
  shared.users++;
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
        help: 'Calls to the shared state (Redis, or SQLite on one machine) that failed and were answered by this process alone, by operation.',
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

/** What a caller can hand to `createPackageStore`, and what the store it builds offers beyond `PackageStore`. */
import type { Registry } from 'prom-client';
import type { JobLog } from '../background/backgroundJob.ts';
import type { MemoryCacheFigure } from '../config/memoryCaches.ts';
import type { SharedState } from '../fleetState/index.ts';
import type { NpmDocument } from './npm/npmDocument.ts';
import type { RecoveryReport } from './storage/crashRecovery.ts';
import type { SweepReport } from './storage/diskBudget.ts';
import type { FileEntry, PackageStore } from './types.ts';

/**
 * Every option is optional, and a new concern adds a field here (with its own module building it in
 * `createPackageStore`), so callers that do not know of it are unchanged.
 */
export interface PackageStoreOptions {
  /** Registry to add the package layer's metrics to (the service's /metrics). */
  metrics?: Registry;
  /** How long a package document is fresh, and an alias resolved from it stands (default 60 s). */
  documentTtlMs?: number;
  /** After that, how long it is still served while refreshed in the background (default 10 min). */
  staleWhileRevalidateMs?: number;
  /** Where failures of background work are reported. */
  onError?: (error: unknown, context: string) => void;
  /**
   * The service's logger, for the failures of the store's background jobs (the file cache's upkeep); they go
   * to `diskBudget.onError`, else `onError`, when absent.
   */
  jobLog?: JobLog;
  /**
   * Called when a fresh npm package document arrives from the registry (not on cache hits), abbreviated or
   * full, so that the search index follows every package served. Must return at once: it runs on the
   * request's path.
   */
  onNpmDocument?: (fetched: FetchedNpmDocument) => void;
  /** Told at start-up when a process before this one did not close the store, with what was checked and removed. */
  onRecovery?: (report: RecoveryReport) => void;
  /**
   * Keep the file cache within `config.limits.cacheBudgetBytes` (one service per deployment does it: the CDN),
   * counting the generated files of these folders too; told of each sweep that evicted something.
   */
  diskBudget?: { generatedDirs: readonly string[]; onSweep?: (report: SweepReport) => void; onError?: (error: unknown) => void };
  /**
   * What the instances of a fleet agree on (alias resolutions, purge times, the download lock): the
   * service's shared state (Redis when configured). A store of its own in memory when absent.
   */
  sharedState?: SharedState;
  /** The clock the upstream documents' ages are measured by (default `Date.now`); tests move it instead of waiting. */
  now?: () => number;
}

/** An npm package document just fetched from the registry, with access to what this machine already holds of it. */
export interface FetchedNpmDocument {
  name: string;
  document: NpmDocument;
  /** The manifest and files of a version already extracted here, or null; never downloads anything. */
  extracted(version: string): Promise<ExtractedVersion | null>;
}

export interface ExtractedVersion {
  manifest: Record<string, unknown> | null;
  files: readonly FileEntry[];
}

export interface ClosablePackageStore extends PackageStore {
  /**
   * Resolves when every document fetched and every version extracted so far is on disk (both are written in
   * the background, the versions behind their first answers).
   */
  flush(): Promise<void>;
  /** Finishes background writes; call at shutdown. */
  close(): Promise<void>;
  /** The in-memory caches' bytes against their budgets (`SKYLIFT_MEMORY_CACHE_BYTES`), for `/metrics`. */
  memoryCaches(): MemoryCacheFigure[];
}

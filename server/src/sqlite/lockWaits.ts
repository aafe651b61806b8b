/**
 * How the services' SQLite connections live with each other. Every file is written by several processes of
 * one machine (the search index by the search service, every CDN worker and the data API; the statistics
 * by the ingest thread while query threads read; the purge jobs by each purge process), so a writer meets
 * another's lock as a matter of course.
 */

/**
 * A connection waits this long for another connection's lock before SQLite answers SQLITE_BUSY. The other
 * writers' transactions last milliseconds to a couple of seconds (an ingest backlog's commit, a hits refresh
 * at millions of packages); SQLite's default of 0 turns each of those overlaps into an error.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * A write made on a thread that also answers requests waits at most this long for the lock: SQLite waits
 * synchronously, so a longer wait holds every request of the process. The write then fails with
 * SQLITE_BUSY and its background job tries it again later (`backgroundJob.ts`).
 */
export const SERVING_THREAD_LOCK_WAIT_MS = 100;

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, ...): another connection held the lock. */
export function isSqliteBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && String((error as { code: unknown }).code).startsWith('SQLITE_BUSY');
}

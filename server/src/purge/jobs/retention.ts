/** Finished purge jobs are answered for a week, then forgotten. */
export const KEEP_MS = 7 * 24 * 3600_000;

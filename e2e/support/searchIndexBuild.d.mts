export const SEARCH_INDEX_DIR_ENV: string;
/** Starts the build of the journeys' search index in a new temporary folder; `result` once it ends. */
export function startSearchIndexBuild(options?: { lowPriority?: boolean }): {
  dir: string;
  result: Promise<{ code: number | null; output: string }>;
};

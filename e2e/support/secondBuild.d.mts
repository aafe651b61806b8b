export interface SecondBuildOutcome {
  code: number | null;
  output: string;
  /** The build's output folder, the remote as a team deploys it. */
  dist: string;
}
export const SECOND_BUILD_ENV: string;
export const SECOND_BUILD_DIR: string;
/** The sentence the team's change adds to the purge page. */
export const PURGE_PAGE_ADDITION: string;
/** Prepares and builds the copy of mf-tools with the team's change; `result` once the build ends. */
export function startSecondBuild(options?: { work?: string; lowPriority?: boolean }): { pid: number | undefined; result: Promise<SecondBuildOutcome> };
/** The outcome of the build in `work`, once written beside the copy; rejects at the deadline (default 10 minutes). */
export function secondBuildResult(work?: string, timeoutMs?: number): Promise<SecondBuildOutcome>;

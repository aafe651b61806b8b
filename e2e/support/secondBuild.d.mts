export interface SecondBuildOutcome {
  code: number | null;
  output: string;
  /** The build's output folder, the remote as a team deploys it. */
  dist: string;
}
export const SECOND_BUILD_ENV: string;
export const SECOND_BUILD_DIR: string;
/** Prepares and builds the copy of mf-tools with the team's change; `result` once the build ends. */
export function startSecondBuild(options?: { work?: string; lowPriority?: boolean }): { pid: number | undefined; result: Promise<SecondBuildOutcome> };
/** The outcome written beside the copy, or undefined while the build runs. */
export function secondBuildResult(work?: string): SecondBuildOutcome | undefined;

/**
 * This process's child processes, read with `ps`, for tests that prove nothing is left behind: the defunct
 * ones (ended, never waited for) and a wait until every child started since a baseline has ended.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { until } from './until.ts';

function children(): Array<{ pid: string; defunct: boolean; line: string }> {
  return (
    execFileSync('ps', ['-o', 'pid=,stat=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      // `ps` lists itself among the children.
      .filter((line) => line.trim() !== '' && line.trim().split(/\s+/)[2] !== 'ps')
      .map((line) => ({ pid: line.trim().split(/\s+/)[0]!, defunct: /^\s*\d+\s+Z/.test(line), line }))
  );
}

/** Children that have ended and that no one waited for. */
export function defunctChildren(): string[] {
  return children()
    .filter((child) => child.defunct)
    .map((child) => child.line);
}

/** The pids of the children still running. */
export function runningChildren(): Set<string> {
  return new Set(children().flatMap((child) => (child.defunct ? [] : [child.pid])));
}

/**
 * Resolves once every child running now was already running at `baseline` (those started since have ended,
 * waited for or not; with `reaped`, also waited for: gone from the table); fails with the ones left after
 * `timeoutMs`.
 */
export async function untilStartedChildrenEnd(baseline: Set<string>, options: { timeoutMs?: number; reaped?: boolean } = {}): Promise<void> {
  let left = children();
  await until(() => (left = children().filter((child) => !baseline.has(child.pid) && (options.reaped || !child.defunct))).length === 0, {
    message: () => `the child processes started since to end (left: ${left.map((child) => child.line.trim()).join('; ')})`,
    timeoutMs: options.timeoutMs ?? 10_000,
    intervalMs: 10,
  });
}

/** The pid of a process that has exited: what a lock or marker left by a killed process names. */
export function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

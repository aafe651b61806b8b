/**
 * CPU time a server spends, read from /proc: what each side of a reference turn costs a request, apart from
 * the generator it shares the machine with. On two cores both sides are bound by the CPU the generator leaves
 * them, so requests per second compare how fast each server is only through this figure.
 */
import fs from 'node:fs';

/** Linux's clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU, user and system, of all threads of these processes so far (0 for one that is gone). */
export function cpuMilliseconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th, stime the 15th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

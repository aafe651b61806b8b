/**
 * The service processes under a launcher, read from /proc: every process below it in the process tree whose
 * environment names its service (`SKYLIFT_SERVICE_PROCESS`, and `SKYLIFT_PROCESS_SLOT` where the launcher sets
 * one). Walking the whole tree rather than the launcher's direct children finds the processes whether each
 * service process is the launcher's child or the child of a per-service primary (the CDN's workers).
 */
import fs from 'node:fs';

export interface ServiceProcess {
  pid: number;
  ppid: number;
  service: string;
  slot: string | null;
}

interface ProcEntry {
  pid: number;
  ppid: number;
  state: string;
}

function readStat(pid: number): ProcEntry | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: fields[0]!, ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** Every process below `rootPid` (not itself), with its parent and state. */
export function descendants(rootPid: number): ProcEntry[] {
  const byParent = new Map<number, ProcEntry[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readStat(Number(name));
    if (!entry) continue;
    const siblings = byParent.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else byParent.set(entry.ppid, [entry]);
  }
  const out: ProcEntry[] = [];
  const stack = [...(byParent.get(rootPid) ?? [])];
  while (stack.length) {
    const entry = stack.pop()!;
    out.push(entry);
    stack.push(...(byParent.get(entry.pid) ?? []));
  }
  return out;
}

function environment(pid: number): Map<string, string> {
  const env = new Map<string, string>();
  try {
    for (const pair of fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
      const at = pair.indexOf('=');
      if (at > 0) env.set(pair.slice(0, at), pair.slice(at + 1));
    }
  } catch {
    /* gone, or not ours to read */
  }
  return env;
}

/** Whether the process runs the Node binary this benchmark runs (a service's helper, such as esbuild, inherits its environment). */
function isNode(pid: number): boolean {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`) === process.execPath;
  } catch {
    try {
      return /(^|\/)node$/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
    } catch {
      return false;
    }
  }
}

/** The live service processes below `rootPid`. */
export function serviceProcesses(rootPid: number): ServiceProcess[] {
  const out: ServiceProcess[] = [];
  for (const entry of descendants(rootPid)) {
    if (entry.state === 'Z' || !isNode(entry.pid)) continue;
    const env = environment(entry.pid);
    const service = env.get('SKYLIFT_SERVICE_PROCESS');
    if (service) out.push({ pid: entry.pid, ppid: entry.ppid, service, slot: env.get('SKYLIFT_PROCESS_SLOT') ?? null });
  }
  return out.sort((a, b) => a.service.localeCompare(b.service) || a.pid - b.pid);
}

/** Zombie processes below `rootPid`: children that exited and were never waited for. */
export function zombies(rootPid: number): number {
  return descendants(rootPid).filter((entry) => entry.state === 'Z').length;
}

/** The child of `parentPid` whose command line runs `script` (the launcher under `npm start`'s script). */
export function childRunning(parentPid: number, script: string): number | undefined {
  for (const entry of descendants(parentPid)) {
    if (entry.ppid !== parentPid) continue;
    try {
      if (
        fs
          .readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8')
          .split('\0')
          .some((arg) => arg.endsWith(script))
      )
        return entry.pid;
    } catch {
      /* gone */
    }
  }
  return undefined;
}

/** Resident memory of a process, MB (0 once it is gone). */
export function residentMb(pid: number): number {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

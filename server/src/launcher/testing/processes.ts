/**
 * The service processes a launcher started, read from /proc (Linux): each one's pid, and the service, slot
 * and role the launcher put in its environment; the zombies and memory below it. For tests and benchmarks
 * that kill them (`bench/chaos/`).
 */
import fs from 'node:fs';

export interface ServiceProcess {
  pid: number;
  ppid: number;
  service: string;
  slot: number;
  role: string;
}

interface ProcEntry {
  pid: number;
  ppid: number;
  /** `Z` for a zombie: a child that exited and was never waited for. */
  state: string;
}

/** The fields of /proc/<pid>/stat from the state (field 3) on, or undefined when the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: the fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function readStat(pid: number): ProcEntry | undefined {
  const fields = statFields(pid);
  return fields && { pid, state: fields[0]!, ppid: Number(fields[1]) };
}

/** Linux's clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time, user and system, of all threads of the process so far, in milliseconds (0 when it is gone). */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15.
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND : 0;
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

/** Whether the process runs this Node binary (a service's helper, such as esbuild, inherits its environment). */
function isNode(pid: number): boolean {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`) === process.execPath;
  } catch {
    return false;
  }
}

/**
 * The live service processes below `rootPid` (the launcher, or a script that started it): every Node process
 * in the tree whose environment names its service.
 */
export function serviceProcesses(rootPid: number): ServiceProcess[] {
  const found: ServiceProcess[] = [];
  for (const entry of descendants(rootPid)) {
    if (entry.state === 'Z' || !isNode(entry.pid)) continue;
    const env = environment(entry.pid);
    const service = env.get('SKYLIFT_SERVICE_PROCESS');
    if (!service) continue;
    found.push({ pid: entry.pid, ppid: entry.ppid, service, slot: Number(env.get('SKYLIFT_PROCESS_SLOT')), role: env.get('SKYLIFT_PROCESS_ROLE') ?? '' });
  }
  return found.sort((a, b) => a.service.localeCompare(b.service) || a.slot - b.slot);
}

/** The service processes that are the launcher's own children. */
export function serviceProcessesOf(launcherPid: number): ServiceProcess[] {
  return serviceProcesses(launcherPid).filter((found) => found.ppid === launcherPid);
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

/**
 * Inodes of the TCP sockets on this local port in one state (`0A` listening, `01` established), from `/proc/net`;
 * with `remotePort`, only the connection from that port.
 */
function socketInodes(port: number, state: '0A' | '01', remotePort?: number): Set<string> {
  const hex = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0');
  const hexPort = hex(port);
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      // local address, state, inode
      if (!fields[1]?.endsWith(`:${hexPort}`) || fields[3] !== state) continue;
      if (remotePort === undefined || fields[2]?.endsWith(`:${hex(remotePort)}`)) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/** How many of a process's descriptors are among these sockets (0 once it is gone). */
function heldSockets(pid: number, inodes: Set<string>): number {
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
      try {
        return inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }).slice('socket:['.length, -1));
      } catch {
        return false;
      }
    }).length;
  } catch {
    return 0;
  }
}

/** Whether the process holds the socket listening on this loopback TCP port: it has called listen(). */
export function listensOn(pid: number, port: number): boolean {
  return heldSockets(pid, socketInodes(port, '0A')) > 0;
}

/**
 * Which of these processes holds the server's end of the connection from `clientPort` to `port` on loopback (the
 * processes of a service share its port, so an answer tells not which one sent it); null when none does.
 */
export function connectionHolder(pids: readonly number[], port: number, clientPort: number): number | null {
  const inodes = socketInodes(port, '01', clientPort);
  return pids.find((pid) => heldSockets(pid, inodes) > 0) ?? null;
}

/** Client connections each process holds on a port it serves (connections accepted and still open), by pid. */
export function acceptedConnections(pids: readonly number[], port: number): Map<number, number> {
  const inodes = socketInodes(port, '01');
  return new Map(pids.map((pid) => [pid, heldSockets(pid, inodes)]));
}

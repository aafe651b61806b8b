/**
 * The service processes a launcher started, read from /proc (Linux): each child's pid, and the service, slot
 * and role the launcher put in its environment. For tests and benchmarks that kill them.
 */
import fs from 'node:fs';

export interface ServiceProcess {
  pid: number;
  service: string;
  slot: number;
  role: string;
}

function parentOf(pid: number): number | null {
  try {
    // The command name (field 2) is in parentheses and may hold spaces: fields after its closing one.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function environment(pid: number): Map<string, string> {
  try {
    const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
  } catch {
    return new Map();
  }
}

export function serviceProcessesOf(launcherPid: number): ServiceProcess[] {
  const found: ServiceProcess[] = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || parentOf(pid) !== launcherPid) continue;
    const env = environment(pid);
    const service = env.get('SKYLIFT_SERVICE_PROCESS');
    if (!service) continue;
    found.push({ pid, service, slot: Number(env.get('SKYLIFT_PROCESS_SLOT')), role: env.get('SKYLIFT_PROCESS_ROLE') ?? '' });
  }
  return found.sort((a, b) => a.service.localeCompare(b.service) || a.slot - b.slot);
}

/** Whether the process holds the socket listening on this loopback TCP port: it has called listen(). */
export function listensOn(pid: number, port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
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
      // local address, state 0A (LISTEN), inode
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  try {
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
      return inodes.has(target.slice('socket:['.length, -1));
    });
  } catch {
    return false;
  }
}

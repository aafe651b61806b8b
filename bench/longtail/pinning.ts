/**
 * The load generator on a CPU of its own, the servers on the others (`--pin`), for reference turns that measure
 * what the servers can do rather than how they share a small machine with the generator: on two cores the
 * generator, which also hashes every body, takes more than one of them, and the ratio of two servers is then
 * the ratio of the CPU left to each. Both sides of the comparison are pinned the same way.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { descendants } from '../../server/src/launcher/testing/processes.ts';

/** Sets the CPUs of every thread of `pid` (threads and children made later inherit them). */
function setCpus(pid: number, cpus: string): void {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  } catch {
    // Gone meanwhile (a worker process that ended): nothing to pin.
  }
}

/**
 * Pins this process (the generator) to the last CPU and each server's process tree to the others; returns what
 * it did, or why it could not.
 */
export function pinServers(serverRoots: number[]): string {
  const cpus = os.availableParallelism();
  if (cpus < 2) return 'one CPU only: not pinned';
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'no taskset: not pinned';
  }
  const generator = String(cpus - 1);
  const servers = cpus === 2 ? '0' : `0-${cpus - 2}`;
  setCpus(process.pid, generator);
  for (const root of serverRoots) for (const pid of [root, ...descendants(root).map((entry) => entry.pid)]) setCpus(pid, servers);
  return `generator on CPU ${generator}, servers on CPU ${servers}`;
}

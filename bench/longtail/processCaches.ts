/**
 * The memory each service process's in-memory caches hold (`skylift_memory_cache_bytes` on its `/metrics`), so
 * that the samples tell memory that fills caches within their budget from memory that grows outside them.
 * The processes of a service share its port: `/metrics` is asked over new connections until each process has
 * answered, and an answer is matched to its process by its start time (`process_start_time_seconds`, whole
 * seconds) against the one `/proc` gives. Two processes started in the same second cannot be told apart, and
 * are left without a figure.
 */
import fs from 'node:fs';
import http from 'node:http';

/** Tries per process: connections go to the processes as the kernel spreads them. */
const TRIES_PER_PROCESS = 6;

const bootSeconds = Number(/^btime (\d+)$/m.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1] ?? 0);
/** Clock ticks a second, as `/proc/<pid>/stat` counts a start time (100 on Linux). */
const TICKS_PER_SECOND = 100;

/** When a process started, in seconds since the epoch, from `/proc`; null when it is gone. */
function startedAt(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): the start time is the 22nd field, 20th after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return bootSeconds + Number(fields[19]) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function scrape(base: string): Promise<string | null> {
  return new Promise((resolve) => {
    const request = http.get(`${base}/metrics`, { agent: false, timeout: 5_000 }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(response.statusCode === 200 ? text : null));
      response.on('error', () => resolve(null));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** MB the caches of each of `pids` (processes of the service at `base`) hold, as far as they could be told apart. */
export async function cacheMbByProcess(base: string, pids: number[]): Promise<Map<number, number>> {
  const starts = pids.map((pid) => ({ pid, at: startedAt(pid) }));
  const found = new Map<number, number>();
  for (let attempt = 0; attempt < TRIES_PER_PROCESS * pids.length && found.size < pids.length; attempt++) {
    const text = await scrape(base);
    if (!text) continue;
    const start = Number(/^process_start_time_seconds(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1]);
    const matches = starts.filter((s) => s.at !== null && Math.abs(s.at - start) <= 1);
    if (matches.length !== 1) continue;
    let bytes = 0;
    for (const match of text.matchAll(/^skylift_memory_cache_bytes\{[^}]*\} (\d+)$/gm)) bytes += Number(match[1]);
    found.set(matches[0]!.pid, Math.round(bytes / (1024 * 1024)));
  }
  return found;
}

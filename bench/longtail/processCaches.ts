/**
 * The memory each service process's in-memory caches hold (`skylift_memory_cache_bytes` on its `/metrics`), so
 * that the samples tell memory that fills caches within their budget from memory that grows outside them.
 * The processes of a service share its port: `/metrics` is asked over new connections until each process has
 * answered, and an answer is matched to its process by which one holds the server's end of its connection,
 * looked up while the connection is still open (kept alive after the answer).
 */
import http from 'node:http';
import { connectionHolder } from '../../server/src/launcher/testing/processes.ts';

/** Tries per process: connections go to the processes as the kernel spreads them. */
const TRIES_PER_PROCESS = 6;

/** One answer of `/metrics`, and the process that sent it (null when it could not be told). */
function scrape(base: string, pids: readonly number[]): Promise<{ text: string; pid: number | null } | null> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<{ text: string; pid: number | null } | null>((resolve) => {
    const request = http.get(`${base}/metrics`, { agent, timeout: 5_000 }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return resolve(null);
        const pid = connectionHolder(pids, Number(new URL(base).port), request.socket?.localPort ?? 0);
        resolve({ text, pid });
      });
      response.on('error', () => resolve(null));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  }).finally(() => agent.destroy());
}

/** MB the caches of each of `pids` (processes of the service at `base`) hold; a process that never answered has none. */
export async function cacheMbByProcess(base: string, pids: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (let attempt = 0; attempt < TRIES_PER_PROCESS * pids.length && found.size < pids.length; attempt++) {
    const answer = await scrape(base, pids);
    if (!answer || answer.pid === null) continue;
    let bytes = 0;
    for (const match of answer.text.matchAll(/^skylift_memory_cache_bytes\{[^}]*\} (\d+)$/gm)) bytes += Number(match[1]);
    found.set(answer.pid, Math.round(bytes / (1024 * 1024)));
  }
  return found;
}

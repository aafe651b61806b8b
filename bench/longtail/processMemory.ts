/**
 * The memory each service process's in-memory caches hold (`skylift_memory_cache_bytes` on its `/metrics`), so
 * that the samples tell memory that fills caches within their budget from memory that grows outside them; and its
 * main thread's V8 heap, the memory outside it its objects hold, and its worker threads' heaps, to tell which of
 * those grows.
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

/** What a process's `/metrics` tells of its memory, MB. */
export interface ProcessMemory {
  /** What its in-memory caches hold (`skylift_memory_cache_bytes`). */
  cachesMb: number;
  /** Its main thread's V8 heap (`nodejs_heap_size_total_bytes`): JavaScript objects, the caches' among them. */
  heapMb: number;
  /** Of that heap, what its objects take (`nodejs_heap_size_used_bytes`): live ones and garbage not yet collected. */
  heapUsedMb: number;
  /** Memory its main thread's objects hold outside that heap (`nodejs_external_memory_bytes`): buffers, hot files among them. */
  externalMb: number;
  /** Its worker threads' V8 heaps together (`skylift_thread_heap_bytes`, each as the thread last stated it). */
  threadsMb: number;
}

const mb = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/** The value of a metric of one series (labelled with the service alone) in a `/metrics` text; NaN when it is absent. */
function single(text: string, name: string): number {
  return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/** The sum of a metric's series (one per label value) in a `/metrics` text; 0 when it has none. */
function sum(text: string, name: string): number {
  let total = 0;
  for (const match of text.matchAll(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'gm'))) total += Number(match[1]);
  return total;
}

/** The memory figures of each of `pids` (processes of the service at `base`); a process that never answered has none. */
export async function memoryByProcess(base: string, pids: number[]): Promise<Map<number, ProcessMemory>> {
  const found = new Map<number, ProcessMemory>();
  for (let attempt = 0; attempt < TRIES_PER_PROCESS * pids.length && found.size < pids.length; attempt++) {
    const answer = await scrape(base, pids);
    if (!answer || answer.pid === null) continue;
    const caches = sum(answer.text, 'skylift_memory_cache_bytes');
    found.set(answer.pid, {
      cachesMb: mb(caches),
      heapMb: mb(single(answer.text, 'nodejs_heap_size_total_bytes')),
      heapUsedMb: mb(single(answer.text, 'nodejs_heap_size_used_bytes')),
      externalMb: mb(single(answer.text, 'nodejs_external_memory_bytes')),
      threadsMb: mb(sum(answer.text, 'skylift_thread_heap_bytes')),
    });
  }
  return found;
}

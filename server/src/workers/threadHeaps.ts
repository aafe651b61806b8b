/**
 * The V8 heap of each worker thread of this process, as the thread states it every few seconds, by the module it
 * runs. A process's resident memory is its main thread's heap (`nodejs_heap_size_total_bytes` on `/metrics`),
 * its threads' heaps (`skylift_thread_heap_bytes`, from here), and native memory (buffers, the allocator's own,
 * code): with the first two apart, a reader can tell which part grows. Each thread has a heap of its own that
 * the main thread's figures do not count, and a thread that did a large job keeps its heap until it collects.
 */
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';

/** How often a thread states its heap. A thread busy with a synchronous job states it when the job is over. */
export const THREAD_HEAP_INTERVAL_MS = 10_000;

/** The field of `workerData` that carries the port a thread states its heap on. */
export const HEAP_PORT_FIELD = 'heapPort';

/**
 * What a thread runs before its module (an ES module's statements): it states its heap at once and every
 * interval, on a port that never keeps it alive.
 */
export const STATE_HEAP_PRELUDE = [
  "import { getHeapStatistics as heapStatisticsOfThread } from 'node:v8';",
  "import { workerData as workerDataOfThread } from 'node:worker_threads';",
  '{',
  `  const port = workerDataOfThread.${HEAP_PORT_FIELD};`,
  '  const state = () => port.postMessage(heapStatisticsOfThread().total_physical_size);',
  '  state();',
  `  setInterval(state, ${THREAD_HEAP_INTERVAL_MS}).unref();`,
  '  port.unref();',
  '}',
].join('\n');

const heaps = new Map<Worker, { thread: string; bytes: number }>();

/**
 * A channel for a thread about to start: `port` goes to it (in `workerData`, transferred), and `watch` records
 * what it states once it runs, until it exits.
 */
export function threadHeapChannel(thread: string): { port: MessagePort; watch(worker: Worker): void } {
  const { port1, port2 } = new MessageChannel();
  return {
    port: port2,
    watch(worker) {
      port1.on('message', (bytes: number) => heaps.set(worker, { thread, bytes }));
      port1.unref();
      worker.once('exit', () => {
        heaps.delete(worker);
        port1.close();
      });
    },
  };
}

/** The heaps of this process's live threads, summed by the module they run, with how many threads run it. */
export function threadHeaps(): Array<{ thread: string; threads: number; bytes: number }> {
  const byThread = new Map<string, { thread: string; threads: number; bytes: number }>();
  for (const { thread, bytes } of heaps.values()) {
    const sum = byThread.get(thread) ?? { thread, threads: 0, bytes: 0 };
    sum.threads++;
    sum.bytes += bytes;
    byThread.set(thread, sum);
  }
  return [...byThread.values()];
}

/** The worker thread of QueryPool: answers the calls it is sent, one at a time, over its own connection. */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchIndex, type SearchParams } from './index.ts';

const index = new SearchIndex((workerData as { file: string }).file, { reader: true });
// Ranking keys and corpus figures are loaded before the first call, not during it (it has a time limit).
index.warm();
parentPort!.postMessage({ ready: true });

parentPort!.on('message', (job: { id: number; searches: SearchParams[] }) => {
  try {
    parentPort!.postMessage({ id: job.id, results: job.searches.map((params) => index.search(params)) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});

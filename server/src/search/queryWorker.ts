/** The worker thread of QueryPool: answers the calls it is sent, one at a time, over its own connection. */
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../workers/workerPool.ts';
import { shapeResult, type ShapedSearch } from './answerJson.ts';
import { SearchIndex } from './index.ts';

const { file, exactCountVolume } = workerData as { file: string; exactCountVolume?: number };
const index = new SearchIndex(file, { reader: true, exactCountVolume });
// Ranking keys and corpus figures are loaded before the first call, not during it (it has a time limit).
index.warm();
// Each answer leaves the thread as JSON text (answerJson.ts): the serving thread never copies or writes hits.
serveJobs((searches: ShapedSearch[]) => searches.map((search) => shapeResult(index.search(search), search)), {
  ready: true,
  // Merging changed packages into the words in memory takes longer than a call may.
  upkeep: { due: () => index.upkeepDue(), run: () => index.upkeep() },
});

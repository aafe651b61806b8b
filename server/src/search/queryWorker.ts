/** The worker thread of QueryPool: answers the calls it is sent, one at a time, over its own connection. */
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../shared/workerPool.ts';
import { SearchIndex, type SearchParams } from './index.ts';

const index = new SearchIndex((workerData as { file: string }).file, { reader: true });
// Ranking keys and corpus figures are loaded before the first call, not during it (it has a time limit).
index.warm();
serveJobs((searches: SearchParams[]) => searches.map((params) => index.search(params)), { ready: true });

/**
 * The thread the ingester runs in (ingestThread.ts): its own connection to the statistics database, its
 * own folding thread. A job is one catch-up within a time budget; `close` closes the connection.
 */
import { serveJobs } from '../workers/workerPool.ts';
import { workerData } from 'node:worker_threads';
import { Ingester, type IngestResult } from './ingester.ts';
import { openStatsStore, type StatsStore } from './store.ts';
import type { IngestJob, IngestThreadSetup } from './ingestThread.ts';

const setup = workerData as IngestThreadSetup;
let opened: Promise<{ store: StatsStore; ingester: Ingester }> | undefined;

function open(): Promise<{ store: StatsStore; ingester: Ingester }> {
  opened ??= openStatsStore(setup.config, { readThreads: false }).then((store) => ({
    store,
    ingester: new Ingester(store, { logDir: setup.logDir, edgeFeeds: setup.config.edgeLogs }),
  }));
  return opened;
}

serveJobs(async (job: IngestJob): Promise<IngestResult | null> => {
  if (job.kind === 'close') {
    const current = opened;
    opened = undefined;
    const ingest = await current;
    await ingest?.ingester.closeFolder();
    await ingest?.store.close();
    return null;
  }
  return (await open()).ingester.catchUp(job.budgetMs);
});

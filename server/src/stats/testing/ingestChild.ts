/**
 * A separate ingesting process for the crash test: it ingests the request log and kills itself with
 * SIGKILL inside the transaction named on the command line (by number, from 1), as a crash would.
 * Usage: ingestChild.ts <logDir> <sqlite file | postgres://...> <batch lines> <transaction lines> <kill at transaction>
 */
import { Ingester } from '../ingester.ts';
import { openStatsStore } from '../store.ts';
import path from 'node:path';

const [logDir, database, batchLines, transactionLines, killAt] = process.argv.slice(2) as [string, string, string, string, string];
const postgres = database.startsWith('postgres://');
const store = await openStatsStore({
  dataDir: postgres ? logDir : path.dirname(database),
  storage: { postgresUrl: postgres ? database : undefined, redisUrl: undefined },
});
const ingester = new Ingester(store, {
  logDir,
  batchLines: Number(batchLines),
  transactionLines: Number(transactionLines),
  beforeCommit: (commit) => {
    if (commit === Number(killAt)) process.kill(process.pid, 'SIGKILL');
  },
});
await ingester.catchUp();
await store.close();

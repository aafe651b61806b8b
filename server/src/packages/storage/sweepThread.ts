/** The file cache's sweep thread: runs the sweeps it is sent, one at a time, off the serving thread (`sweepFiles.ts`). */
import { serveJobs } from '../../workers/workerPool.ts';
import type { DiskBudgetOptions } from './diskBudget.ts';
import { sweepFiles } from './sweepFiles.ts';

serveJobs((job: DiskBudgetOptions) => sweepFiles(job));

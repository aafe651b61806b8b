/** The sandbox's worker thread: evaluates the modules it is sent, one at a time, off the serving thread. */
import { serveJobs } from '../../../../workers/workerPool.ts';
import { evaluateExports } from './evaluateExports.ts';
import type { SandboxJob } from './sandboxJob.ts';

serveJobs((job: SandboxJob) => evaluateExports(job));

/** The sandbox's worker thread: evaluates the modules it is sent, one at a time, off the serving thread. */
import { serveJobs } from '../../../../workers/workerPool.ts';
import { evaluateExports, type SandboxJob } from './evaluateExports.ts';

serveJobs((job: SandboxJob) => evaluateExports(job));

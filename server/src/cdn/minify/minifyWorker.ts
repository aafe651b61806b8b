/** The worker thread of MinifyPool: minifies the sources it is sent, one at a time, off the serving thread. */
import { parentPort } from 'node:worker_threads';
import { type MinifyInput, minifySource } from './minifySource.ts';

parentPort!.on('message', (job: { id: number; input: MinifyInput }) => {
  minifySource({ ...job.input, source: Buffer.from(job.input.source) }).then(
    (output) => parentPort!.postMessage({ id: job.id, code: output.code, map: output.map }),
    (error: unknown) => parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

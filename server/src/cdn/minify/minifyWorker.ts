/** The worker thread of MinifyPool: minifies the sources it is sent, one at a time, off the serving thread. */
import { parentPort } from 'node:worker_threads';
import { type MinifyInput, minifySource } from './minifySource.ts';

// A first call pays for loading and initialising the minifiers; a thread pays it when it starts, rather
// than the first request it serves. (minifySource never rejects.)
for (const [kind, source] of [
  ['js', 'export function start(value) { return value ? [value] : []; }'],
  ['css', '.start { color: red; }'],
] as const) {
  void minifySource({ kind, source: Buffer.from(source), sourceName: 'a', minifiedName: 'a.min', originalUrl: '/a', websiteUrl: '' });
}

parentPort!.on('message', (job: { id: number; input: MinifyInput }) => {
  minifySource({ ...job.input, source: Buffer.from(job.input.source) }).then(
    (output) => parentPort!.postMessage({ id: job.id, code: output.code, map: output.map }),
    (error: unknown) => parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

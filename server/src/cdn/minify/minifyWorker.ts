/** The worker thread of MinifyPool: minifies the sources it is sent, one at a time, off the serving thread. */
import { serveJobs } from '../../workers/workerPool.ts';
import { type MinifyInput, minifySource } from './minifySource.ts';

// A first call pays for loading and initialising the minifiers; a thread pays it when it starts, rather
// than the first request it serves. (minifySource never rejects.)
for (const [kind, source] of [
  ['js', 'export function start(value) { return value ? [value] : []; }'],
  ['css', '.start { color: red; }'],
] as const) {
  void minifySource({ kind, source: Buffer.from(source), sourceName: 'a', minifiedName: 'a.min', originalUrl: '/a', websiteUrl: '' });
}

serveJobs((input: MinifyInput) => minifySource({ ...input, source: Buffer.from(input.source) }));

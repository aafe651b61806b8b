/** A maker thread of the generated registry: makes the packages it is sent, one at a time (`generatedPackages.ts`). */
import { parentPort } from 'node:worker_threads';
import { makePackage } from './generatedPackages.ts';

parentPort!.on('message', ({ name, dir }: { name: string; dir: string }) => parentPort!.postMessage({ name, made: makePackage(name, dir) }));

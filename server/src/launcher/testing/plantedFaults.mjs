// Loaded with `--import` into a launcher under test (and so into every process it starts): a service process
// sent SIGUSR2 throws an exception nobody catches, and one sent SIGHUP leaves a promise rejection nobody
// handles, as a bug in a background job would. Plain JavaScript: the threads of those processes load it
// too, before any TypeScript loader.
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env['SKYLIFT_SERVICE_PROCESS']) {
  process.on('SIGUSR2', () => {
    setImmediate(() => {
      throw new Error('planted fault: an exception nobody catches');
    });
  });
  process.on('SIGHUP', () => {
    void Promise.reject(new Error('planted fault: a rejection nobody handles'));
  });
}

/**
 * A process that takes and releases one version's download lock as fast as it can, until it is killed: a
 * kill then lands at any step of taking the lock. Prints `ready` once it has taken it the first time.
 * Usage: node --import tsx lockChurn.ts <root> <key>
 */
import { tryLock } from '../storage/extractionLock.ts';

const [root, key] = process.argv.slice(2) as [string, string];
const options = { root, staleMs: 10 * 60_000 };
let announced = false;
for (;;) {
  const release = await tryLock(options, key);
  if (!release) continue;
  if (!announced) {
    process.stdout.write('ready\n');
    announced = true;
  }
  await release();
}

/**
 * One of several processes racing on one SQLite state file (sharedState.test.ts): once its state is open it
 * prints `ready`, and when told to go (a line on its standard input, sent to every racer at once) it tries to
 * pass the throttle of each key and to take the shared rate, as fast as it can, and prints how many it got.
 * Usage: racingProcess.ts <file> <keys>.
 */
import { openSqliteState } from '../index.ts';

const [file, keys] = process.argv.slice(2);
const failures: string[] = [];
const state = openSqliteState(file!, (operation, error) => failures.push(`${operation}: ${String(error)}`));
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.destroy();
let passed = 0;
let admitted = 0;
for (let i = 0; i < Number(keys); i++) {
  if (await state.passThrottle(`race:${i}`, Date.now(), 60_000)) passed++;
  if ((await state.takeRate('race', 'one-client', Number(keys), 60_000)).allowed) admitted++;
}
await state.close();
process.stdout.write(JSON.stringify({ passed, admitted, failures: failures.slice(0, 3) }));

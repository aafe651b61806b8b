/**
 * One of several processes racing on one SQLite state file (sharedState.test.ts): at the agreed moment it
 * tries to pass the throttle of each key and to take the shared rate, as fast as it can, and prints how many
 * it got. Usage: racingProcess.ts <file> <keys> <start epoch ms>.
 */
import { openSqliteState } from '../index.ts';

const [file, keys, startAt] = process.argv.slice(2);
const failures: string[] = [];
const state = openSqliteState(file!, (operation, error) => failures.push(`${operation}: ${String(error)}`));
const ready = Date.now();
while (Date.now() < Number(startAt)) await new Promise((resolve) => setTimeout(resolve, 1));
let passed = 0;
let admitted = 0;
for (let i = 0; i < Number(keys); i++) {
  if (await state.passThrottle(`race:${i}`, Date.now(), 60_000)) passed++;
  if ((await state.takeRate('race', 'one-client', Number(keys), 60_000)).allowed) admitted++;
}
await state.close();
process.stdout.write(JSON.stringify({ passed, admitted, failures: failures.slice(0, 3), late: ready > Number(startAt) }));

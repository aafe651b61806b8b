// Runs every benchmark script of the bench workspace in turn; the soak (ten minutes), the chaos soak (five), the long
// tail (ten) and the export parity run (a quarter of an hour, and it needs the npm registry) run only when asked for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { run } from './lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'bench', 'package.json'), 'utf8'));
let failed = 0;
const LONG = new Set(['soak', 'chaos', 'longtail', 'esm-parity']);
for (const name of Object.keys(scripts).filter((script) => !LONG.has(script))) {
  process.stdout.write(`\n### ${name}\n`);
  const result = await run('npm', ['run', name, '-w', '@skylift/bench'], { cwd: root });
  if (result.code !== 0) failed++;
}
process.exit(failed ? 1 : 0);

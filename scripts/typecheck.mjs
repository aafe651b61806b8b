// Type-checks every workspace that has a tsconfig.json (strict, from the root tsconfig.json), two at a time.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pool, run, WORKSPACES } from './lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const projects = WORKSPACES.filter((ws) => existsSync(path.join(root, ws, 'tsconfig.json')));
const results = await pool(
  projects.map((ws) => async () => {
    const result = await run(process.execPath, [tsc, '-p', ws, '--noEmit'], { cwd: root });
    process.stdout.write(`typecheck ${ws}: ${result.code === 0 ? 'ok' : 'FAILED'} (${result.seconds.toFixed(1)} s)\n`);
    return { ws, ...result };
  }),
  2,
);
const failed = results.filter((r) => r.code !== 0);
if (failed.length) {
  process.stderr.write(`Type errors in: ${failed.map((r) => r.ws).join(', ')}\n`);
  process.exit(1);
}

// Type-checks every workspace that has a tsconfig.json (strict, from the root tsconfig.json), two at a time,
// after checking that the website's generated data API types still match the API's OpenAPI document.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pool, run, WORKSPACES } from './lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// Quick (a second or two) and cheaper to read than the type errors a drifted file would cause.
const drift = await run(process.execPath, ['--import', 'tsx', 'server/scripts/generateApiTypes.ts', '--check'], { cwd: root });
process.stdout.write(`generated data API types: ${drift.code === 0 ? 'ok' : 'FAILED'} (${drift.seconds.toFixed(1)} s)\n`);

const projects = WORKSPACES.filter((ws) => existsSync(path.join(root, ws, 'tsconfig.json')));
const results = await pool(
  projects.map((ws) => async () => {
    const result = await run(process.execPath, [tsc, '-p', ws, '--noEmit'], { cwd: root });
    process.stdout.write(`typecheck ${ws}: ${result.code === 0 ? 'ok' : 'FAILED'} (${result.seconds.toFixed(1)} s)\n`);
    return { ws, ...result };
  }),
  2,
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.ws);
if (drift.code !== 0) failed.unshift('shared/src/api/generated/dataApi.ts (out of date)');
if (failed.length) {
  process.stderr.write(`Type errors in: ${failed.join(', ')}\n`);
  process.exit(1);
}

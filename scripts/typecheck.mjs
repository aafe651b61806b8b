// Type-checks every workspace that has a tsconfig.json (strict, from the root tsconfig.json), after checking that
// the website's generated data API types still match the API's OpenAPI document. Two processes, one per core:
// the frontend workspaces in one, the server, the browser tests and the benchmarks in the other, each reusing
// what its earlier programs parsed (lib/typecheckPrograms.mjs). `--group=a,b` checks those workspaces here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { run, FRONTEND_WORKSPACES, WORKSPACES } from './lib/run.mjs';
import { checkWorkspaces, formatDiagnostics } from './lib/typecheckPrograms.mjs';

const root = path.resolve(import.meta.dirname, '..');
const projects = WORKSPACES.filter((ws) => existsSync(path.join(root, ws, 'tsconfig.json')));

const group = process.argv.find((arg) => arg.startsWith('--group='))?.slice('--group='.length);
if (group) {
  let failed = false;
  checkWorkspaces(root, group.split(','), projects, (ws, diagnostics, seconds) => {
    if (diagnostics.length) process.stdout.write(formatDiagnostics(diagnostics, root));
    process.stdout.write(`typecheck ${ws}: ${diagnostics.length === 0 ? 'ok' : `FAILED, ${diagnostics.length} errors`} (${seconds.toFixed(1)} s)\n`);
    failed ||= diagnostics.length > 0;
  });
  process.exit(failed ? 1 : 0);
}

// Quick (a second or two) and cheaper to read than the type errors a drifted file would cause.
const drift = await run(process.execPath, ['--import', 'tsx', 'server/scripts/generateApiTypes.ts', '--check'], { cwd: root });
process.stdout.write(`generated data API types: ${drift.code === 0 ? 'ok' : 'FAILED'} (${drift.seconds.toFixed(1)} s)\n`);

// The two groups take about the same time; each workspace's lines come out whole as it finishes.
const groups = [projects.filter((ws) => FRONTEND_WORKSPACES.includes(ws)), projects.filter((ws) => !FRONTEND_WORKSPACES.includes(ws))];
const results = await Promise.all(
  groups
    .filter((workspaces) => workspaces.length > 0)
    .map(
      (workspaces) =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, [import.meta.filename, `--group=${workspaces.join(',')}`], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
          // Passed on as it comes, and read for the workspaces that failed.
          let output = '';
          child.stdout.on('data', (chunk) => {
            process.stdout.write(chunk);
            output += chunk;
          });
          const failedIn = () => workspaces.filter((ws) => output.includes(`typecheck ${ws}: FAILED`));
          child.on('error', () => resolve({ failed: workspaces }));
          child.on('close', (code) => resolve({ failed: code === 0 ? [] : failedIn().length ? failedIn() : workspaces }));
        }),
    ),
);
const failed = results.flatMap((r) => r.failed);
if (drift.code !== 0) failed.unshift('shared/src/api/generated/dataApi.ts (out of date)');
if (failed.length) {
  process.stderr.write(`Type errors in: ${failed.join(', ')}\n`);
  process.exit(1);
}

// The whole test suite, in the order a failure is cheapest to find: type checks, the house rules (ESLint,
// Prettier), the frontend's jest suites, the server tests against fixture upstreams, then the browser tests
// in Chromium against the built product. `npm test -- --only=server` (or typecheck, lint, frontend, e2e) runs one stage.
import path from 'node:path';
import { run, FRONTEND_WORKSPACES } from './lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const stages = [
  { name: 'typecheck', command: process.execPath, args: ['scripts/typecheck.mjs'] },
  { name: 'lint', command: process.execPath, args: ['scripts/lint/run.mjs'] },
  {
    name: 'frontend',
    command: process.execPath,
    args: [path.join('node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--maxWorkers=2', ...FRONTEND_WORKSPACES.map((ws) => `--selectProjects=${ws}`)],
  },
  { name: 'server', command: process.execPath, args: ['server/scripts/run-tests.mjs'] },
  { name: 'e2e', command: npm, args: ['test', '-w', '@skylift/e2e'] },
];

const started = Date.now();
let passed = 0;
let failed = 0;
for (const stage of stages) {
  if (only && stage.name !== only) continue;
  process.stdout.write(`\n=== ${stage.name} ===\n`);
  const result = await run(stage.command, stage.args, { cwd: root });
  process.stdout.write(`=== ${stage.name}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s ===\n`);
  if (result.code === 0) passed++;
  else failed++;
}
process.stdout.write(`\ntest stages: ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(failed ? 1 : 0);

// The whole test suite, in the order a failure is cheapest to find: type checks, the house rules (ESLint,
// Prettier), the frontend's jest suites, the server tests against fixture upstreams, then the browser tests
// in Chromium against the built product, whose build runs beside the other stages at a low priority. Each stage
// prints its time. `npm test -- --only=server` (or typecheck, lint, frontend, e2e) runs one stage.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

/**
 * The website's build, which the browser stage needs first, run from the start at a low priority: the stages
 * before it leave a core idle at times (ESLint is single-threaded, server tests wait on the processes they
 * start), and the build takes only what they leave. Its output is kept and shown when the browser stage
 * starts, which waits for it; that stage's own build then finds everything up to date.
 */
function buildInBackground() {
  const started = Date.now();
  const build = pathToFileURL(path.join(root, 'scripts', 'build.mjs')).href;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `import os from 'node:os'; os.setPriority(10); await import(${JSON.stringify(build)});`],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    const done = (code) => resolve({ code, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output).toString() });
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const started = Date.now();
const background = !only ? buildInBackground() : null;
let passed = 0;
let failed = 0;
for (const stage of stages) {
  if (only && stage.name !== only) continue;
  if (stage.name === 'e2e' && background) {
    const build = await background;
    process.stdout.write(`\n=== website build (in the background since the start) ===\n${build.output}`);
    process.stdout.write(`=== website build: ${build.code === 0 ? 'done' : 'FAILED (the browser stage builds again)'} in ${build.seconds.toFixed(0)} s ===\n`);
  }
  process.stdout.write(`\n=== ${stage.name} ===\n`);
  const result = await run(stage.command, stage.args, { cwd: root });
  process.stdout.write(`=== ${stage.name}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s ===\n`);
  if (result.code === 0) passed++;
  else failed++;
}
process.stdout.write(`\ntest stages: ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(failed ? 1 : 0);

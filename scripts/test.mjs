// The whole test suite, in the order a failure is cheapest to find: type checks, the house rules (ESLint,
// Prettier) and the frontend's jest suites side by side, then the server tests against fixture upstreams, then
// the browser tests in Chromium against the built product, whose build (and after it the second build of
// mf-tools that a journey deploys) runs beside the other stages at a low priority, as does the search index their
// products start with, beside the server tests. Each stage prints its output
// whole when it ends, and its time. `npm test -- --only=server` (or typecheck, lint, frontend, e2e) runs one
// stage, its output as it comes. The browser the journeys drive is installed from the start when missing.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run, runCaptured, FRONTEND_WORKSPACES } from './lib/run.mjs';
import { SEARCH_INDEX_DIR_ENV, startSearchIndexBuild } from '../e2e/support/searchIndexBuild.mjs';
import { SECOND_BUILD_DIR, SECOND_BUILD_ENV, startSecondBuild } from '../e2e/support/secondBuild.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ENSURE_CHROMIUM = `import { ensureChromium } from ${JSON.stringify(pathToFileURL(path.join(root, 'e2e', 'support', 'ensureChromium.mjs')).href)}; ensureChromium();`;
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Stages of one wave run side by side. The first wave's stages leave cores idle when alone (ESLint is one thread,
 * the typecheck's two processes end unevenly, jest starts and ends on one core); the server tests run alone after
 * them, as some of them measure how long an answer takes.
 */
const stages = [
  { name: 'typecheck', wave: 1, command: process.execPath, args: ['scripts/typecheck.mjs'] },
  { name: 'lint', wave: 1, command: process.execPath, args: ['scripts/lint/run.mjs'] },
  {
    name: 'frontend',
    wave: 1,
    command: process.execPath,
    args: [path.join('node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--maxWorkers=2', ...FRONTEND_WORKSPACES.map((ws) => `--selectProjects=${ws}`)],
  },
  { name: 'server', wave: 2, command: process.execPath, args: ['server/scripts/run-tests.mjs'] },
  // The second build of mf-tools its independent delivery journey deploys is made in the background too (below).
  { name: 'e2e', wave: 3, command: npm, args: ['test', '-w', '@skylift/e2e'], env: { [SECOND_BUILD_ENV]: SECOND_BUILD_DIR } },
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
/**
 * The browser the journeys drive, installed when missing (e2e/support/ensureChromium.mjs) from the start rather than
 * when the browser stage begins: fetching a package waits on the network, not on the cores the stages use.
 */
const browserReady = !only ? runCaptured(process.execPath, ['--input-type=module', '-e', ENSURE_CHROMIUM], { cwd: root }) : null;
/**
 * Once the website is built, the browser stage's second build of mf-tools (e2e/support/secondBuild.mjs) starts at
 * the lowest priority: it takes what the server tests leave idle, and the journey that deploys it finds it done.
 */
const secondBuild = background?.then((build) => {
  if (build.code !== 0) return undefined;
  const buildStarted = Date.now();
  const handle = { ...startSecondBuild({ lowPriority: true }), outcome: undefined };
  // Set once it ends: what the browser stage prints, and whether it is still running when the stages end.
  handle.result.then(({ code }) => (handle.outcome = { code, seconds: (Date.now() - buildStarted) / 1000 }));
  return handle;
});
/**
 * The search index the journeys' products start with (e2e/support/searchIndexBuild.mjs), built beside the server
 * tests at a low priority rather than before the journeys, whose first half-minute it was.
 */
let searchIndex;
let passed = 0;
let failed = 0;
const report = (stage, result) => {
  process.stdout.write(`=== ${stage.name}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s ===\n`);
  if (result.code === 0) passed++;
  else failed++;
};
const selected = stages.filter((stage) => !only || stage.name === only);
for (const wave of [...new Set(selected.map((stage) => stage.wave))]) {
  const together = selected.filter((stage) => stage.wave === wave);
  if (!only && together.some((stage) => stage.name === 'server')) searchIndex = startSearchIndexBuild({ lowPriority: true });
  if (together.some((stage) => stage.name === 'e2e') && browserReady) {
    const browser = await browserReady;
    // A failure is the browser stage's to report: it makes sure of the browser again and says how to get one.
    if (browser.output.trim()) process.stdout.write(`\n=== the journeys' browser ===\n${browser.output}`);
  }
  if (together.some((stage) => stage.name === 'e2e') && background) {
    const build = await background;
    process.stdout.write(`\n=== website build (in the background since the start) ===\n${build.output}`);
    process.stdout.write(`=== website build: ${build.code === 0 ? 'done' : 'FAILED (the browser stage builds again)'} in ${build.seconds.toFixed(0)} s ===\n`);
  }
  if (together.length === 1) {
    const [stage] = together;
    process.stdout.write(`\n=== ${stage.name} ===\n`);
    // Without the second build (a failed website build, or one stage run alone), the journey makes its own.
    const handedOver = stage.name === 'e2e' ? await secondBuild : undefined;
    if (handedOver) {
      const { outcome } = handedOver;
      process.stdout.write(
        `second build of mf-tools (for the independent delivery journey): ${outcome ? `${outcome.code === 0 ? 'done' : 'FAILED'} in ${outcome.seconds.toFixed(0)} s` : 'still building'}\n`,
      );
    }
    // Without the index (a failed build, or one stage run alone), the browser stage builds its own.
    const index = stage.name === 'e2e' && searchIndex ? await searchIndex.result : undefined;
    if (index)
      process.stdout.write(index.code === 0 ? index.output : `search index for the journeys: FAILED, built again by the browser stage\n${index.output}`);
    const env = {
      ...process.env,
      ...(handedOver && stage.env),
      ...(index?.code === 0 && { [SEARCH_INDEX_DIR_ENV]: searchIndex.dir }),
    };
    report(stage, await run(stage.command, stage.args, { cwd: root, env }));
    continue;
  }
  process.stdout.write(`\n=== ${together.map((stage) => stage.name).join(', ')}: side by side, each shown when it ends ===\n`);
  await Promise.all(
    together.map(async (stage) => {
      const result = await runCaptured(stage.command, stage.args, { cwd: root });
      process.stdout.write(`\n=== ${stage.name} ===\n${result.output}`);
      report(stage, result);
    }),
  );
}
const leftOver = await secondBuild;
if (leftOver) {
  // Still running only when the journeys failed before reading it: of no use past this point, and never left behind.
  if (!leftOver.outcome && leftOver.pid !== undefined) process.kill(leftOver.pid, 'SIGTERM');
  await leftOver.result;
  rmSync(SECOND_BUILD_DIR, { recursive: true, force: true });
}
if (searchIndex) {
  // The browser stage, which always runs after the server's, has waited for the build: only its folder is left.
  await searchIndex.result;
  rmSync(searchIndex.dir, { recursive: true, force: true });
}
process.stdout.write(`\ntest stages: ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(failed ? 1 : 0);

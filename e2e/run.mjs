// Browser tests: make sure Chromium is there, build what needs building (once, for every file), then run the
// e2e test files three at a time (SKYLIFT_E2E_CONCURRENCY). Each test file starts the built product itself, on
// ports of its own, with its own fixture upstreams on loopback and a fresh data folder: what one file changes
// (the remotes file, the site content, purges, counted traffic) no other file sees, so files run side by side.
// What every product would otherwise make again is made once here: the search index of a fresh install
// (support/searchIndex.ts), and the second build of mf-tools the independent delivery journey deploys
// (support/secondBuild.mjs), which runs at a low priority beside the journeys.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './support/ensureChromium.mjs';
import { SEARCH_INDEX_DIR_ENV } from './support/searchIndexBuild.mjs';
import { SECOND_BUILD_DIR, SECOND_BUILD_ENV, startSecondBuild } from './support/secondBuild.mjs';

const here = import.meta.dirname;
const root = path.resolve(here, '..');

/** The journeys that take longest start first, so that the lanes end together. */
const LONGEST_FIRST = ['frame-and-routes', 'independent-delivery', 'search', 'layout', 'package', 'collection'];
/** The journey that waits for the second build: last when the build starts here, giving it the most time. */
const WAITS_FOR_SECOND_BUILD = 'independent-delivery';

/** Runs a command to its end with inherited output (asynchronously: the second build's pipes need the event loop). */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);

ensureChromium();

const buildStarted = performance.now();
const buildCode = await run(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root });
console.log(`e2e: build ${buildCode === 0 ? 'done' : 'FAILED'} in ${seconds(buildStarted)} s`);
if (buildCode !== 0) process.exit(buildCode);

// Under `npm test` the second build runs from the end of the website's build (scripts/test.mjs), which names its
// folder in SKYLIFT_E2E_SECOND_BUILD and removes it afterwards; run alone, this script starts it here.
const handedOver = Boolean(process.env[SECOND_BUILD_ENV]);
const filter = process.argv.slice(2);
const rank = (file) => {
  const name = file.replace(/\.test\.ts$/, '');
  if (name === WAITS_FOR_SECOND_BUILD && !handedOver) return LONGEST_FIRST.length + 1;
  const first = LONGEST_FIRST.indexOf(name);
  return first === -1 ? LONGEST_FIRST.length : first;
};
const files = readdirSync(path.join(here, 'tests'))
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => filter.length === 0 || filter.some((part) => f.includes(part)))
  .sort((a, b) => rank(a) - rank(b))
  .map((f) => path.join('tests', f));
if (files.length === 0) {
  console.error('No browser test files found.');
  process.exit(1);
}

const secondBuild = !handedOver && files.some((file) => file.includes(WAITS_FOR_SECOND_BUILD)) ? startSecondBuild({ lowPriority: true }) : undefined;
const secondBuildStarted = performance.now();
let secondBuildEnded = false;
secondBuild?.result.then(({ code }) => {
  secondBuildEnded = true;
  console.log(`e2e: second build of mf-tools ${code === 0 ? 'done' : 'FAILED'} in ${seconds(secondBuildStarted)} s`);
});

// The search index every product of the run starts with a copy of (support/searchIndex.ts reads the folder from
// SKYLIFT_E2E_SEARCH_INDEX_DIR). Under `npm test` it is built beside the server tests (scripts/test.mjs), which
// names its folder in that variable and removes it afterwards; run alone, this script builds it here.
const indexHandedOver = process.env[SEARCH_INDEX_DIR_ENV];
const indexDir = indexHandedOver ?? mkdtempSync(path.join(os.tmpdir(), 'skylift-e2e-search-'));
const finish = async (code) => {
  if (!indexHandedOver) rmSync(indexDir, { recursive: true, force: true });
  if (secondBuild) {
    // A journey that failed before reading the build leaves it running: it is of no use past this point.
    if (!secondBuildEnded && secondBuild.pid !== undefined) process.kill(secondBuild.pid, 'SIGTERM');
    await secondBuild.result;
    rmSync(SECOND_BUILD_DIR, { recursive: true, force: true });
  }
  process.exit(code);
};
const indexCode = indexHandedOver ? 0 : await run(process.execPath, ['--import', 'tsx', path.join('support', 'buildSearchIndex.ts'), indexDir], { cwd: here });
if (indexCode !== 0) {
  console.error('e2e: the search index could not be filled from the catalog');
  await finish(indexCode);
}

// Three at a time keeps two cores busy: a file spends much of its time waiting (its product starting, pages
// settling, the ingest folding its traffic), and the other files' work fills those waits.
const concurrency = Number(process.env.SKYLIFT_E2E_CONCURRENCY ?? 3);
const testsStarted = performance.now();
const testsCode = await run(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], {
  cwd: here,
  env: { ...process.env, [SEARCH_INDEX_DIR_ENV]: indexDir, ...(secondBuild && { [SECOND_BUILD_ENV]: SECOND_BUILD_DIR }) },
});
console.log(`e2e: ${files.length} test files, ${concurrency} at a time, ${testsCode === 0 ? 'passed' : 'FAILED'} in ${seconds(testsStarted)} s`);
await finish(testsCode);

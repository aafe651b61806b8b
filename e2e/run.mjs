// Browser tests: make sure Chromium is there, build what needs building (once, for every file), then run the
// e2e test files two at a time (SKYLIFT_E2E_CONCURRENCY). Each test file starts the built product itself, on
// ports of its own, with its own fixture upstreams on loopback and a fresh data folder: what one file changes
// (the remotes file, the site content, purges, counted traffic) no other file sees, so files run side by side.
// The search index of a fresh install, which every product would otherwise fill again, is made once here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './support/ensureChromium.mjs';

const here = import.meta.dirname;
const root = path.resolve(here, '..');

ensureChromium();

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const buildStarted = performance.now();
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
console.log(`e2e: build ${build.status === 0 ? 'done' : 'FAILED'} in ${seconds(buildStarted)} s`);
if (build.status !== 0) process.exit(build.status ?? 1);

const filter = process.argv.slice(2);
const files = readdirSync(path.join(here, 'tests'))
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => filter.length === 0 || filter.some((part) => f.includes(part)))
  .map((f) => path.join('tests', f));
if (files.length === 0) {
  console.error('No browser test files found.');
  process.exit(1);
}
// The search index of a fresh install, filled from the shipped catalog once for every product of the run
// (support/searchIndex.ts reads the folder from SKYLIFT_E2E_SEARCH_INDEX_DIR).
const indexDir = mkdtempSync(path.join(os.tmpdir(), 'skylift-e2e-search-'));
const index = spawnSync(process.execPath, ['--import', 'tsx', path.join('support', 'buildSearchIndex.ts'), indexDir], { cwd: here, stdio: 'inherit' });
if (index.status !== 0) {
  console.error('e2e: the search index could not be filled from the catalog');
  rmSync(indexDir, { recursive: true, force: true });
  process.exit(index.status ?? 1);
}

// Two at a time keeps both cores busy: a file spends much of its time waiting (its product starting, pages
// settling, the ingest folding its traffic), and the other file's work fills those waits.
const concurrency = Number(process.env.SKYLIFT_E2E_CONCURRENCY ?? 2);
const testsStarted = performance.now();
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, SKYLIFT_E2E_SEARCH_INDEX_DIR: indexDir },
});
rmSync(indexDir, { recursive: true, force: true });
console.log(`e2e: ${files.length} test files, ${concurrency} at a time, ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds(testsStarted)} s`);
process.exit(result.status ?? 1);

// Browser tests: make sure Chromium is there, build what needs building, then run every e2e test file.
// Each test file starts the built product itself (fixture upstreams on loopback, a fresh data folder).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './support/ensureChromium.mjs';

const here = import.meta.dirname;
const root = path.resolve(here, '..');

ensureChromium();

const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
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
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { cwd: here, stdio: 'inherit' });
process.exit(result.status ?? 1);

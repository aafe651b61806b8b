// Runs every server test (src/**/*.test.ts, test/**/*.test.ts) with Node's test runner and tsx.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'fixtures') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (entry.endsWith('.test.ts')) files.push(path.relative(root, full));
  }
};
for (const dir of ['src', 'test']) {
  try {
    walk(path.join(root, dir));
  } catch {
    /* folder may not exist */
  }
}
const filter = process.argv.slice(2);
const selected = filter.length ? files.filter((f) => filter.some((part) => f.includes(part))) : files;
if (selected.length === 0) {
  console.error('No server test files found.');
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...selected], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

// Runs every server test (src/**/*.test.ts, test/**/*.test.ts) with Node's test runner and tsx, three files at
// a time (SKYLIFT_SERVER_TEST_CONCURRENCY), the longest first. The Redis and PostgreSQL the tests need are
// prepared once here (src/testing/engineBinaries.mjs): REDIS_TEST_URL and POSTGRES_TEST_URL name servers to use;
// otherwise the binaries are looked for on PATH and in the usual places, and installed with apt-get (as root)
// only when missing.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { prepareEngines } from '../src/testing/engineBinaries.mjs';

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
/**
 * The files that take longest (each 7 to 19 s of a core), started first so that the lanes end together instead of one
 * of them running a long file alone at the end. Only an order: a file missing here runs in its place.
 */
const LONGEST_FIRST = [
  'src/launcher/launcher.test.ts',
  'test/multiOrigin.test.ts',
  'src/search/queryPool.test.ts',
  'src/search/index.test.ts',
  'src/search/enricher.test.ts',
  'src/stats/ingester.test.ts',
  'src/stats/sql/queryPool.test.ts',
  'src/fleetState/fleetState.test.ts',
  'src/cdn/esm/esm.test.ts',
  'src/cdn/sharedFiles.test.ts',
];
const rank = (file) => {
  const index = LONGEST_FIRST.indexOf(file.split(path.sep).join('/'));
  return index === -1 ? LONGEST_FIRST.length : index;
};
files.sort((a, b) => rank(a) - rank(b));
const filter = process.argv.slice(2);
const selected = filter.length ? files.filter((f) => filter.some((part) => f.includes(part))) : files;
if (selected.length === 0) {
  console.error('No server test files found.');
  process.exit(1);
}
const uses = (helper) => selected.filter((file) => readFileSync(path.join(root, file), 'utf8').includes(helper));
const redisFiles = uses('startTestRedis');
const env = { ...process.env, ...prepareEngines({ redis: redisFiles.length > 0, postgres: uses('startPostgresCluster').length > 0 }) };

// Each test gets a Redis database of its own, but publish/subscribe channels span a whole server: on a shared
// REDIS_TEST_URL, the files that use Redis run one at a time, after the others.
const serial = process.env.REDIS_TEST_URL ? redisFiles : [];
const runs = [
  // Three at a time: two leave a core idle for about a third of the time, while tests wait on the processes,
  // servers and timers they start.
  { files: selected.filter((file) => !serial.includes(file)), concurrency: Number(process.env.SKYLIFT_SERVER_TEST_CONCURRENCY ?? 3) },
  { files: serial, concurrency: 1 },
].filter((run) => run.files.length > 0);
// A test that hangs fails after five minutes, and a file whose failed test left a thread or a handle open
// still ends once its tests have: neither holds the whole stage up.
const bounds = ['--test-timeout=300000', '--test-force-exit'];
let status = 0;
for (const run of runs) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${run.concurrency}`, ...bounds, ...run.files], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);

// Where the server binaries of Redis and PostgreSQL are, for the tests that need a real server of each.
// Looked for on PATH and in the places the usual packagings put them (Debian and Ubuntu, Red Hat's PGDG,
// Homebrew, MacPorts, a source build). Plain JavaScript: the test runner uses it before any TypeScript loads.
//
// The test runner (server/scripts/run-tests.mjs) prepares them once per run: it names what it found to the
// tests in SKYLIFT_TEST_REDIS_SERVER and SKYLIFT_TEST_POSTGRES_BIN, and only when nothing is found, and it runs
// as root with apt-get, installs Debian's package. The tests themselves only look; they never install.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** True when `file` exists and is an executable file. */
function executable(file) {
  try {
    return statSync(file).isFile() && (statSync(file).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

function pathDirs() {
  return (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
}

/** Subfolders of `parent` matching `pattern`, highest version first (`16` before `9`, `postgresql@17` before `postgresql@14`). */
function versionedDirs(parent, pattern) {
  if (!existsSync(parent)) return [];
  const version = (name) => Number(name.match(/(\d+(?:\.\d+)?)/)?.[1] ?? 0);
  return readdirSync(parent)
    .filter((name) => pattern.test(name))
    .sort((a, b) => version(b) - version(a))
    .map((name) => path.join(parent, name));
}

const REDIS_PLACES = ['/usr/bin', '/usr/local/bin', '/usr/sbin', '/opt/homebrew/bin', '/opt/local/bin', '/snap/bin'];

/** The redis-server binary, or undefined. `SKYLIFT_TEST_REDIS_SERVER` names it outright. */
export function findRedisServer() {
  const named = process.env.SKYLIFT_TEST_REDIS_SERVER;
  if (named) return executable(named) ? named : undefined;
  for (const dir of [...pathDirs(), ...REDIS_PLACES]) {
    const file = path.join(dir, 'redis-server');
    if (executable(file)) return file;
  }
  return undefined;
}

/** Folders that may hold PostgreSQL's server binaries, most likely first. */
function postgresCandidates() {
  const dirs = [];
  const pgConfig = pathDirs()
    .map((dir) => path.join(dir, 'pg_config'))
    .find(executable);
  if (pgConfig) {
    const bindir = spawnSync(pgConfig, ['--bindir'], { encoding: 'utf8' }).stdout?.trim();
    if (bindir) dirs.push(bindir);
  }
  dirs.push(...pathDirs());
  dirs.push(...versionedDirs('/usr/lib/postgresql', /^\d/).map((dir) => path.join(dir, 'bin'))); // Debian, Ubuntu
  dirs.push(...versionedDirs('/usr', /^pgsql-\d/).map((dir) => path.join(dir, 'bin'))); // Red Hat (PGDG)
  dirs.push(...versionedDirs('/opt/homebrew/opt', /^postgresql/).map((dir) => path.join(dir, 'bin'))); // Homebrew (Apple silicon)
  dirs.push(...versionedDirs('/usr/local/opt', /^postgresql/).map((dir) => path.join(dir, 'bin'))); // Homebrew (Intel)
  dirs.push(...versionedDirs('/opt/local/lib', /^postgresql\d/).map((dir) => path.join(dir, 'bin'))); // MacPorts
  dirs.push('/usr/local/pgsql/bin', '/usr/bin', '/usr/local/bin');
  return dirs;
}

/** The folder holding PostgreSQL's initdb and pg_ctl, or undefined. `SKYLIFT_TEST_POSTGRES_BIN` names it outright. */
export function findPostgresBin() {
  const named = process.env.SKYLIFT_TEST_POSTGRES_BIN;
  const complete = (dir) => executable(path.join(dir, 'initdb')) && executable(path.join(dir, 'pg_ctl'));
  if (named) return complete(named) ? named : undefined;
  return postgresCandidates().find(complete);
}

/** Installs a Debian package when this process may (root, apt-get present); true when it did. */
function installDebianPackage(name) {
  if (process.getuid?.() !== 0 || !pathDirs().some((dir) => executable(path.join(dir, 'apt-get')))) return false;
  process.stderr.write(`Installing ${name} with apt-get for the tests that need it...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-q'], { stdio: 'ignore', env });
  return spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', name], { stdio: 'ignore', env }).status === 0;
}

/**
 * What the tests about to run need, found (or, as the fallback, installed) once: the environment to hand
 * them. An engine given by URL (REDIS_TEST_URL, POSTGRES_TEST_URL) is neither looked for nor installed.
 * One that cannot be had is left out: its tests then fail saying how to get it.
 */
export function prepareEngines({ redis, postgres }) {
  const env = {};
  if (redis && !process.env.REDIS_TEST_URL) {
    const binary = findRedisServer() ?? (installDebianPackage('redis-server') ? findRedisServer() : undefined);
    if (binary) env.SKYLIFT_TEST_REDIS_SERVER = binary;
  }
  if (postgres && !process.env.POSTGRES_TEST_URL) {
    const bin = findPostgresBin() ?? (installDebianPackage('postgresql') ? findPostgresBin() : undefined);
    if (bin) env.SKYLIFT_TEST_POSTGRES_BIN = bin;
  }
  return env;
}

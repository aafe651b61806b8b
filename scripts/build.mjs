// Builds the website: every frontend workspace whose build is missing or older than its sources, the shared
// library, the common webpack configuration or the root package files. At most two builds run at once (each
// webpack build keeps a core busy); `--force` rebuilds everything; naming workspaces builds only those.
//   node scripts/build.mjs [--force] [workspace ...]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FRONTEND_WORKSPACES } from './lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const PARALLEL = 2;
/** Written into dist/ after a successful build, dated when the build started: a source saved during the build still counts as newer. */
const STAMP = '.build-stamp';
/** Files every build writes; without a stamp (a build run by hand), the oldest of them dates the build. */
const ENTRY_FILES = ['index.html', 'remoteEntry.js', 'mf-manifest.json'];
/** Folders and files that are not inputs of a build (markdown is, where a remote bundles it as content; READMEs are not). */
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.cache', '.turbo']);
const IGNORED_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|^README\.md$|^jest\.config\.c?js$/;

function parseArgs(argv) {
  const force = argv.includes('--force');
  const named = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = named.filter((name) => !FRONTEND_WORKSPACES.includes(name));
  if (unknown.length) {
    console.error(`Unknown workspace: ${unknown.join(', ')}. Frontend workspaces: ${FRONTEND_WORKSPACES.join(', ')}`);
    process.exit(2);
  }
  return { force, named };
}

/** Workspaces that have a build script (shared is a source library and has none). */
function buildableWorkspaces() {
  return FRONTEND_WORKSPACES.filter((ws) => {
    try {
      return Boolean(JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8')).scripts?.build);
    } catch {
      return false;
    }
  });
}

/** Newest modification time under `target` (a file or a folder), skipping what is not a build input. */
function newestMtime(target) {
  let info;
  try {
    info = statSync(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return IGNORED_FILE.test(path.basename(target)) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && IGNORED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** When the workspace's current build was made, or null when there is none. */
function builtAt(ws) {
  const dist = path.join(root, ws, 'dist');
  const stamp = path.join(dist, STAMP);
  if (existsSync(stamp)) return statSync(stamp).mtimeMs;
  const entries = ENTRY_FILES.map((file) => path.join(dist, file)).filter((file) => existsSync(file));
  if (entries.length === 0) return null;
  return Math.min(...entries.map((file) => statSync(file).mtimeMs));
}

function reasonToBuild(ws, commonInputsMtime) {
  const built = builtAt(ws);
  if (built === null) return 'no build yet';
  if (newestMtime(path.join(root, ws)) > built) return 'sources changed';
  if (commonInputsMtime > built) return 'shared code, webpack configuration or dependencies changed';
  return null;
}

/** Builds under way, stopped with this script when it is interrupted. */
const running = new Set();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    // Each build is its own process group (npm, its shell, webpack and webpack's workers): stop all of it.
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* already gone */
      }
    }
    console.error(`build: interrupted (${signal})`);
    process.exitCode = 130;
  });
}

/** Runs one build with its output kept aside, so two builds at once do not interleave; shown when it fails. */
function buildOne(ws) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(npm, ['run', 'build', '-w', ws], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
      detached: true,
    });
    running.add(child);
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (code, error) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        const stamp = path.join(root, ws, 'dist', STAMP);
        writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
        utimesSync(stamp, new Date(started), new Date(started));
      }
      resolve({ ws, code, seconds, output: Buffer.concat(output).toString() + (error ? `\n${error.message}\n` : '') });
    };
    child.on('error', (error) => finish(1, error));
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const { force, named } = parseArgs(process.argv.slice(2));
  const buildable = buildableWorkspaces().filter((ws) => named.length === 0 || named.includes(ws));
  const commonInputs = Math.max(
    newestMtime(path.join(root, 'shared')),
    newestMtime(path.join(root, 'webpack')),
    newestMtime(path.join(root, 'package.json')),
    newestMtime(path.join(root, 'package-lock.json')),
  );
  const todo = [];
  for (const ws of buildable) {
    const reason = force ? 'forced' : reasonToBuild(ws, commonInputs);
    if (reason) todo.push({ ws, reason });
    else console.log(`  ${ws.padEnd(13)} up to date`);
  }
  if (todo.length === 0) {
    console.log('build: everything is up to date');
    return 0;
  }

  const started = Date.now();
  const failures = [];
  let next = 0;
  const worker = async () => {
    while (next < todo.length && failures.length === 0 && !interrupted) {
      const { ws, reason } = todo[next++];
      console.log(`  ${ws.padEnd(13)} building (${reason})...`);
      const result = await buildOne(ws);
      if (interrupted) return;
      if (result.code === 0) {
        console.log(`  ${ws.padEnd(13)} built in ${result.seconds} s`);
      } else {
        failures.push(result);
        process.stderr.write(`\n----- ${ws}: build output -----\n${result.output}\n----- end of ${ws} -----\n`);
        console.error(`  ${ws.padEnd(13)} FAILED after ${result.seconds} s`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, todo.length) }, worker));
  if (interrupted) return 130;
  const total = ((Date.now() - started) / 1000).toFixed(1);
  if (failures.length) {
    console.error(`build failed: ${failures.map((f) => f.ws).join(', ')} (run \`npm run build -w ${failures[0].ws}\` to see it alone)`);
    return 1;
  }
  console.log(`build: ${todo.length} workspace${todo.length === 1 ? '' : 's'} built in ${total} s`);
  return 0;
}

process.exitCode = await main();

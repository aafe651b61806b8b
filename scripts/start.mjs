// `npm start`: builds what needs building, then starts the services with the launcher, which prints the
// URL to open. Ctrl+C (or SIGTERM) is passed on to the services once, so they close cleanly.
//   node scripts/start.mjs [--force | --no-build] [--services www,cdn]   (SKYLIFT_SERVICES works too)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const servicesArg =
  args.find((arg) => arg.startsWith('--services='))?.slice('--services='.length) ??
  (args.includes('--services') ? args[args.indexOf('--services') + 1] : undefined);

/** Folder of each service the launcher knows (server/src/services.ts); esm.run lives beside the CDN it redirects to. */
const SERVICE_FOLDERS = { www: 'www', cdn: 'cdn', data: 'data', search: 'search', purge: 'purge', esmrun: 'cdn/esmrun' };

/**
 * Without an explicit choice, start every service whose application exists, and say which are left out,
 * so the website can be run while a service is still being written.
 */
function defaultServices() {
  const present = [];
  const absent = [];
  for (const [name, folder] of Object.entries(SERVICE_FOLDERS)) {
    (existsSync(path.join(root, 'server', 'src', folder, 'app.ts')) ? present : absent).push(name);
  }
  if (absent.length) console.log(`start: not starting ${absent.join(', ')} (no server/src/<service>/app.ts yet)`);
  return present.join(',');
}

// Signals are handled from the first moment: during the build they stop the build, afterwards the services.
let current = null;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (current) current.kill(signal);
    else process.exit(130);
  });
}
// If this script ends for any other reason, do not leave a build or the services running on their own.
process.on('exit', () => {
  if (current && current.exitCode === null && current.signalCode === null) current.kill('SIGTERM');
});

function waitFor(child) {
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal && !stopping ? 1 : 0)));
  });
}

if (!args.includes('--no-build')) {
  // Its own process group, like the services below: a terminal's Ctrl+C reaches this script, which passes it on once.
  current = spawn(process.execPath, ['scripts/build.mjs', ...(args.includes('--force') ? ['--force'] : [])], { cwd: root, stdio: 'inherit', detached: true });
  const code = await waitFor(current);
  current = null;
  if (stopping) process.exit(130);
  if (code !== 0) {
    console.error('start: the website did not build, so nothing was started (see the output above).');
    process.exit(code);
  }
}

const services = servicesArg ?? process.env['SKYLIFT_SERVICES'] ?? defaultServices();
// Its own process group: a Ctrl+C in the terminal reaches this script, which passes it on exactly once
// (a second SIGINT while the services close would cut their shutdown short).
current = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--services', services], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: process.env,
});
process.exit(await waitFor(current));

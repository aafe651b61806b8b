// `npm start`: builds what needs building, then starts the services with the launcher, which prints the
// URL to open. Ctrl+C (or SIGTERM) is passed on to the services once, so they close cleanly.
//   node scripts/start.mjs [--force | --no-build] [--services www,cdn]   (SKYLIFT_SERVICES works too)
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const servicesArg =
  args.find((arg) => arg.startsWith('--services='))?.slice('--services='.length) ??
  (args.includes('--services') ? args[args.indexOf('--services') + 1] : undefined);

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

// Without a choice here, the launcher takes SKYLIFT_SERVICES, or starts every service (server/src/services.ts).
// Its own process group: a Ctrl+C in the terminal reaches this script, which passes it on exactly once
// (a second SIGINT while the services close would cut their shutdown short).
current = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', ...(servicesArg ? ['--services', servicesArg] : [])], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: process.env,
});
process.exit(await waitFor(current));

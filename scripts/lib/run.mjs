// Small helpers shared by the root scripts: run a command with inherited output and time it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolve({ code: 1, seconds: (Date.now() - started) / 1000 });
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }));
  });
}

/** Runs tasks with at most `limit` at once, keeping their order in the result. */
export async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** The remotes of this repository: the one list (remotes.json) the build, the launcher, lint, jest and e2e read. */
export const REMOTES = JSON.parse(readFileSync(new URL('../../remotes.json', import.meta.url), 'utf8'));
/** What the build and the frontend tests cover: the shared library, the shell, then every remote. */
export const FRONTEND_WORKSPACES = ['shared', 'shell', ...REMOTES];
/** Every npm workspace: the frontend ones, then the server, the browser tests and the benchmarks. */
export const WORKSPACES = [...FRONTEND_WORKSPACES, 'server', 'e2e', 'bench'];

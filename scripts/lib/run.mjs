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

/**
 * Runs a command with its output (stdout and stderr, interleaved as they came) kept instead of shown, timed: for
 * commands run side by side whose output would otherwise be mixed line by line.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (code) => resolve({ code, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output).toString() });
    child.on('error', (error) => {
      output.push(Buffer.from(`${command}: ${error.message}\n`));
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
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

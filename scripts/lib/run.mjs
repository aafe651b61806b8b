// Small helpers shared by the root scripts: run a command with inherited output and time it.
import { spawn } from 'node:child_process';

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

export const WORKSPACES = ['shared', 'shell', 'mf-search', 'mf-package', 'mf-stats', 'mf-tools', 'mf-marketing', 'server', 'e2e', 'bench'];
export const FRONTEND_WORKSPACES = ['shared', 'shell', 'mf-search', 'mf-package', 'mf-stats', 'mf-tools', 'mf-marketing'];

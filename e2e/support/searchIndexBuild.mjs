// The search index every product of a run of the journeys starts with a copy of (searchIndex.ts), built by
// buildSearchIndex.ts in a folder of its own. `npm test` (scripts/test.mjs) starts the build beside the server
// tests, at a low priority, and names its folder in SKYLIFT_E2E_SEARCH_INDEX_DIR for the journeys; run.mjs
// builds it itself when run alone.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SEARCH_INDEX_DIR_ENV = 'SKYLIFT_E2E_SEARCH_INDEX_DIR';

const e2e = path.resolve(import.meta.dirname, '..');

/**
 * Starts the build in a new temporary folder; `result` once it ends, with its output.
 * @returns {{ dir: string, result: Promise<{ code: number | null, output: string }> }}
 */
export function startSearchIndexBuild({ lowPriority = false } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skylift-e2e-search-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('support', 'buildSearchIndex.ts'), dir], {
    cwd: e2e,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Lowered before the search service it starts is spawned, which inherits it: the tests running meanwhile come first.
  if (lowPriority && child.pid !== undefined) os.setPriority(child.pid, 10);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const result = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: null, output: `${output}${error.message}\n` }));
    child.on('exit', (code) => resolve({ code, output }));
  });
  return { dir, result };
}

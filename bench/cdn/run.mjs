// Runs the CDN benchmarks (run.ts) with the TypeScript loader the server uses.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'run.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: path.resolve(import.meta.dirname, '..', '..'),
});
process.exit(result.status ?? 1);

/**
 * The Deno side of the benchmark: `import()` of the same `+esm` URL by Deno (the `deno` npm package's binary),
 * whose `Deno/…` User-Agent chooses the Deno build, in a process of its own per package. Its module cache is
 * the run's own folder, so every build comes from this run's CDN.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserOutcome } from './causes.ts';

/** What the script prints on its last line, after whatever the package logs while it loads. */
const MARK = 'esm-parity-deno:';

const SCRIPT = `
try {
  const mod = await import(Deno.args[0]);
  console.log(${JSON.stringify(MARK)} + JSON.stringify({ names: Object.keys(mod) }));
} catch (error) {
  const text = error instanceof Error ? \`\${error.name}: \${error.message}\` : String(error);
  console.log(${JSON.stringify(MARK)} + JSON.stringify({ error: text.slice(0, 600) }));
}
Deno.exit(0);
`;

/** The Deno binary of the `deno` npm package (its own lookup, `install_api.cjs`: nothing is fetched). */
export function denoBinary(): string {
  return (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
}

export interface DenoRunner {
  view(moduleUrl: string): Promise<BrowserOutcome>;
}

/** Imports in Deno: modules from the CDN's host only; files, environment and system facts readable as Node's. */
export function denoRunner(cdnUrl: string, workDir: string, timeoutMs: number): DenoRunner {
  const binary = denoBinary();
  const script = path.join(workDir, 'deno-import.js');
  fs.writeFileSync(script, SCRIPT);
  const host = new URL(cdnUrl).host;
  const env = { ...process.env, DENO_DIR: path.join(workDir, 'deno-cache'), NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
  const flags = ['run', '--no-config', '--no-lock', `--allow-import=${host}`, `--allow-net=${host}`, '--allow-read', '--allow-env', '--allow-sys'];
  return {
    view: (moduleUrl) =>
      new Promise((resolve) => {
        execFile(binary, [...flags, script, moduleUrl], { cwd: workDir, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
          const line = stdout.split('\n').findLast((l) => l.startsWith(MARK));
          if (line) {
            const parsed = JSON.parse(line.slice(MARK.length)) as { names?: string[]; error?: string };
            resolve({ ...parsed, failedResponses: [] });
          } else resolve({ error: `Deno ended without an answer: ${(stderr || error?.message || 'no output').trim().slice(0, 400)}`, failedResponses: [] });
        });
      }),
  };
}

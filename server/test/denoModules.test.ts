/**
 * The module tests of `deno/` (esm.sh's layout: `common/`, one `issue-…` folder per shape), run by Deno itself against the real
 * CDN app listening on loopback over the fixture registry. Deno is the `deno` npm package's binary, found
 * the way that package finds it (its `install_api.cjs`: the platform package npm installed, nothing fetched).
 * Each run starts from an empty module cache, so every build is asked for again.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildCdnApp } from '../src/cdn/app.ts';
import { testConfig } from '../src/cdn/testing/testApp.ts';
import { createPackageStore, type ClosablePackageStore } from '../src/packages/index.ts';
import { startFixtureRegistry, type FixtureRegistry } from './fixtures/upstream/index.ts';

const DENO_TESTS = path.join(import.meta.dirname, 'deno');

let registry: FixtureRegistry;
let store: ClosablePackageStore;
let cdn: FastifyInstance;
let cdnUrl: string;
let work: string;

before(async () => {
  registry = await startFixtureRegistry();
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url });
  store = await createPackageStore(config);
  cdn = await buildCdnApp(config, { store, requestLog: false });
  cdnUrl = (await cdn.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'deno-modules-'));
});

after(async () => {
  await cdn.close();
  await store.close();
  await registry.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The Deno binary of the `deno` npm package. */
function denoBinary(): string {
  const api = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string };
  return api.runInstall();
}

/** The `Deno.test` calls of the folder's files: how many tests a whole run reports. */
function declaredTests(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.js'))
      count += (fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8').match(/\bDeno\.test\(/g) ?? []).length;
  return count;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString() }));
  });
}

test("Deno imports the fixture packages' +esm builds and every module test passes", async () => {
  const importMap = path.join(work, 'import_map.json');
  fs.writeFileSync(importMap, JSON.stringify({ imports: { 'cdn/': `${cdnUrl}/npm/` } }));
  const expected = declaredTests(DENO_TESTS);
  const { code, output } = await run(
    denoBinary(),
    // No configuration or lock file of the repository's; the CDN is the only host modules come from or
    // connections go to; files (a package writing its configuration), environment and system facts as Node's.
    [
      'test',
      '--no-config',
      '--no-lock',
      `--import-map=${importMap}`,
      `--allow-import=${new URL(cdnUrl).host}`,
      `--allow-net=${new URL(cdnUrl).host}`,
      '--allow-read',
      '--allow-write',
      '--allow-env',
      '--allow-sys',
      DENO_TESTS,
    ],
    { ...process.env, DENO_DIR: path.join(work, 'cache'), NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
  );
  assert.equal(code, 0, output);
  const summary = /ok \| (\d+) passed \| (\d+) failed/.exec(output);
  assert.ok(summary, output);
  assert.deepEqual([Number(summary[1]), Number(summary[2])], [expected, 0], output);
});

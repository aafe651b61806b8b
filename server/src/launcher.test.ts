/**
 * The launcher as `npm start` runs it: each service in its own process, the CDN with two workers, a purge
 * relayed to the data API's process and to every CDN worker.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Challenge } from 'altcha-lib';
import { startFixtureRegistry, type FixtureRegistry } from '../test/fixtures/upstream/index.ts';
import { solvedPayload } from './purge/testing/solveCaptcha.ts';
import { freePort } from './testing/freePort.ts';

let registry: FixtureRegistry;
let launcher: ChildProcess;
let output = '';
const urls: Record<string, string> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-'));

before(async () => {
  registry = await startFixtureRegistry();
  registry.publish(
    'relay-demo',
    '1.0.0',
    { 'package.json': '{"name":"relay-demo","version":"1.0.0","main":"index.js"}', 'index.js': 'export default "1.0.0";\n' },
    { tags: ['latest'] },
  );
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_LOG_LEVEL: 'warn',
    SKYLIFT_CDN_WORKERS: '2',
    SKYLIFT_ALTCHA_HMAC_KEY: 'launcher-test',
  };
  for (const service of ['cdn', 'data', 'purge']) {
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    env[`SKYLIFT_${service.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
    urls[service] = `http://127.0.0.1:${port}`;
  }
  launcher = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts'), '--services', 'cdn,data,purge'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Ready when every service has said where it listens.
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (/cdn .*\(2 workers\)/.test(output) && /data /.test(output) && /purge /.test(output)) resolve();
    };
    launcher.stdout!.on('data', check);
    launcher.on('exit', () => reject(new Error(`the launcher stopped:\n${output}`)));
  });
});

after(async () => {
  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  launcher.kill('SIGTERM');
  await exited;
  await registry.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Enough CDN requests that both workers answer some (the primary hands connections out in turn). */
async function cdnLatest(): Promise<Set<string>> {
  const bodies = new Set<string>();
  for (let i = 0; i < 8; i++) bodies.add(await (await fetch(`${urls['cdn']}/npm/relay-demo@latest/index.js`, { headers: { connection: 'close' } })).text());
  return bodies;
}
const dataLatest = async (): Promise<string> =>
  ((await (await fetch(`${urls['data']}/v1/packages/npm/relay-demo/resolved?specifier=latest`)).json()) as { version: string }).version;

test('each service runs in its own process, the CDN in two workers, and a purge reaches every one of them', async () => {
  assert.match(output, /cdn +http:\/\/127\.0\.0\.1:\d+ \(2 workers\)/);
  assert.deepEqual(await cdnLatest(), new Set(['export default "1.0.0";\n']));
  assert.equal(await dataLatest(), '1.0.0');

  registry.publish(
    'relay-demo',
    '1.1.0',
    { 'package.json': '{"name":"relay-demo","version":"1.1.0","main":"index.js"}', 'index.js': 'export default "1.1.0";\n' },
    { tags: ['latest'] },
  );
  assert.deepEqual(await cdnLatest(), new Set(['export default "1.0.0";\n']), 'resolutions are kept until purged');

  const challenge = (await (await fetch(`${urls['purge']}/captcha/challenge`)).json()) as Challenge;
  const response = await fetch(`${urls['purge']}/captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ 'g-recaptcha-response': await solvedPayload(challenge), path: '/npm/relay-demo@latest/index.js' }),
  });
  assert.equal(response.status, 202, await response.clone().text());
  const { id } = (await response.json()) as { id: string };
  let status: { status: string } = { status: '' };
  while (status.status !== 'finished') status = (await (await fetch(`${urls['purge']}/status/${id}`)).json()) as { status: string };

  assert.deepEqual(await cdnLatest(), new Set(['export default "1.1.0";\n']), 'both CDN workers forgot');
  assert.equal(await dataLatest(), '1.1.0', 'the data API forgot');
});

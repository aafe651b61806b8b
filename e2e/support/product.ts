/**
 * Starts the built product the way `npm start` does (the launcher, every service; or, asked, every service in one
 * process), on free loopback ports, with a fresh data folder and fixture upstreams, so a browser test touches
 * nothing beyond this machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/testing/freePort.ts';
import { until } from '../../server/src/testing/until.ts';
import { copySearchIndex } from './searchIndex.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface RunningProduct {
  wwwUrl: string;
  urls: Record<string, string>;
  dataDir: string;
  /** Replace entries of the remotes manifest (name -> mf-manifest.json URL) while the product runs. */
  overrideRemotes(entries: Record<string, string>): void;
  /** Replace the operator's site content while the product runs. */
  setContent(content: unknown): void;
  stop(): Promise<void>;
}

export interface ProductOptions {
  /** Extra environment, e.g. the fixture registry's URL. */
  env?: Record<string, string>;
  /** The operator's site content (SKYLIFT_CONTENT_FILE); default: none, as on a fresh install. */
  content?: unknown;
  /** Only these services (`--services`), for a test that needs no website; default: all of them. */
  services?: string[];
  /**
   * Processes per service (`SKYLIFT_<SERVICE>_PROCESSES`), for a journey about several processes; default: one
   * each. A journey is about what a visitor sees, which one process per service serves the same; each more
   * process is a Node.js loading every module of its service, on cores the other journeys share.
   */
  processes?: Record<string, number>;
  /**
   * A data folder of the caller's, kept when the product stops (the search index built once for every
   * product, support/searchIndex.ts); default: a fresh temporary folder, removed at stop.
   */
  dataDir?: string;
  /** How long each service may take to answer its health check; a minute by default. */
  startTimeoutMs?: number;
  /**
   * Every service in one process (`--one-process`) instead of the launcher's process per service; default: the
   * launcher, as `npm start` runs the product. The same code answers every request either way.
   */
  oneProcess?: boolean;
}

async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  // A refused connection (not listening yet) counts as not yet.
  const state = await until(async () => (child.exitCode !== null ? 'exited' : (await fetch(`${url}/healthz`)).ok && 'up'), {
    message: `the product to answer at ${url}`,
    timeoutMs,
    intervalMs: 100,
  });
  if (state === 'exited') throw new Error(`The product exited with code ${child.exitCode} while starting.`);
}

/** Stops the launcher as an operator does (SIGTERM: every process drains and closes), killing it after 5 s. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  let deadline: NodeJS.Timeout | undefined;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  // A deadline, not a pause: cleared as soon as the launcher exits, so no timer holds the test process open.
  await Promise.race([exited, new Promise((r) => (deadline = setTimeout(r, 5000)))]);
  clearTimeout(deadline);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * A free port may be taken by another process between being found and being listened on (the other journeys
 * start products and browsers at the same time): a product that fails to listen for that reason is started again,
 * on new ports.
 */
export async function startProduct(options: ProductOptions = {}): Promise<RunningProduct> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startProductOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startProductOnce(options: ProductOptions): Promise<RunningProduct> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'skylift-e2e-'));
  // The search index of a fresh install, filled from the catalog once for the run instead of by every product.
  if (!options.dataDir) copySearchIndex(dataDir);
  const remotesFile = path.join(dataDir, 'remotes-override.json');
  writeFileSync(remotesFile, '{}');
  const contentFile = path.join(dataDir, 'site-content.json');
  if (options.content !== undefined) writeFileSync(contentFile, JSON.stringify(options.content));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_REMOTES_FILE: remotesFile,
    SKYLIFT_CONTENT_FILE: contentFile,
    SKYLIFT_LOG_LEVEL: 'warn',
    ...options.env,
  };
  const urls: Record<string, string> = {};
  const services = options.services ?? ['www', 'cdn', 'data', 'search', 'purge', 'esmrun'];
  for (const service of services) {
    env[`SKYLIFT_${service.toUpperCase()}_PROCESSES`] = String(options.processes?.[service] ?? 1);
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    urls[service] = `http://localhost:${port}`;
  }
  const only = [...(options.services ? ['--services', options.services.join(',')] : []), ...(options.oneProcess ? ['--one-process'] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts'), ...only], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    // Every service is a process of its own and comes up in its own time: a page may call any of them at once.
    for (const url of Object.values(urls)) await waitForHealthy(url, child, options.startTimeoutMs);
  } catch (error) {
    // Ended before saying so: its pipes would keep the test file's process alive.
    await terminate(child);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return {
    wwwUrl: urls['www']!,
    urls,
    dataDir,
    overrideRemotes(entries) {
      writeFileSync(remotesFile, JSON.stringify(entries));
    },
    setContent(content) {
      writeFileSync(contentFile, JSON.stringify(content));
    },
    async stop() {
      // A product that ended on its own while the journey ran failed every request it had in flight: a page's
      // `ERR_CONNECTION_RESET` says no more than that, its log says why.
      const endedOnItsOwn = child.exitCode !== null || child.signalCode !== null;
      await terminate(child);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (endedOnItsOwn) throw new Error(`The product ended (${child.exitCode ?? child.signalCode}) while the journey ran. Its log:\n${output.slice(-8000)}`);
    },
  };
}

/** Builds a CDN app over a memory store in a fresh data folder, with the request log collected in memory. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../config/config.ts';
import type { PackageStore } from '../../packages/types.ts';
import { RequestLogWriter } from '../../requestlog/writer.ts';
import { buildCdnApp } from '../app.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

/**
 * A configuration in a fresh data folder; `env` adds or replaces SKYLIFT_* variables (upstream URLs). Loopback
 * plays the fronting CDN: its edge headers are trusted.
 */
export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Config {
  const dataDir = temporaryFolder('cdn-test');
  return loadConfig(
    {
      SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:1',
      SKYLIFT_DATA_DIR: dataDir,
      SKYLIFT_LOG_LEVEL: 'silent',
      SKYLIFT_WWW_URL: 'http://website.test',
      SKYLIFT_TRUSTED_PROXIES: '127.0.0.1',
      ...env,
    },
    overrides,
  );
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  log: RequestLogWriter;
  logDir: string;
}

export async function buildTestApp(store: PackageStore, overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const logDir = path.join(config.dataDir, 'request-log');
  const log = new RequestLogWriter({ dir: logDir, flushIntervalMs: 60_000 });
  const app = await buildCdnApp(config, { store, requestLog: log, countries: false });
  return { app, config, log, logDir };
}

export interface ListeningTestApp extends TestApp {
  /** `http://127.0.0.1:<port>` */
  base: string;
  close(): Promise<void>;
}

/** The same, listening on a loopback port: for tests of what a client receives over a socket. */
export async function listenTestApp(store: PackageStore, overrides: Partial<Config> = {}): Promise<ListeningTestApp> {
  const t = await buildTestApp(store, overrides);
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    ...t,
    base,
    close: async () => {
      await t.app.close();
      await t.log.close();
    },
  };
}

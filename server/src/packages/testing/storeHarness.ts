/**
 * Test support: the package store wired to fixture upstreams on loopback and a private data folder.
 * Used by this folder's tests; services' tests can use it too.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { loadConfig, type Config } from '../../config/config.ts';
import {
  startFixtureGitHub,
  startFixtureRegistry,
  type FixtureGitHub,
  type FixtureGitHubOptions,
  type FixtureRegistry,
  type FixtureRegistryOptions,
} from '../../../test/fixtures/upstream/index.ts';
import { createPackageStore, type ClosablePackageStore, type PackageStoreOptions } from '../index.ts';

export interface HarnessOptions {
  registry?: FixtureRegistryOptions;
  github?: FixtureGitHubOptions;
  /** Extra environment for loadConfig (limits, timeouts, token). */
  env?: Record<string, string>;
  store?: PackageStoreOptions;
}

export interface Harness {
  registry: FixtureRegistry;
  github: FixtureGitHub;
  dataDir: string;
  config: Config;
  metrics: Registry;
  store: ClosablePackageStore;
  /** A second store on the same data folder: what a restart of the service sees. */
  restart(options?: PackageStoreOptions): Promise<ClosablePackageStore>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const registry = await startFixtureRegistry(options.registry);
  const github = await startFixtureGitHub(options.github);
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'package-store-'));
  // The store gets a folder inside `base`, so tests can check that nothing lands beside it.
  const dataDir = path.join(base, 'data');
  const config = loadConfig({
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_GITHUB_API: github.apiUrl,
    SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_UPSTREAM_TIMEOUT_MS: '2000',
    ...options.env,
  });
  const metrics = new Registry();
  const stores: ClosablePackageStore[] = [];
  const store = await createPackageStore(config, { metrics, ...options.store });
  stores.push(store);
  return {
    registry,
    github,
    dataDir,
    config,
    metrics,
    store,
    async restart(storeOptions) {
      // What the previous process had fetched is on disk before the next one starts.
      for (const s of stores) await s.flush();
      const next = await createPackageStore(config, { ...options.store, ...storeOptions });
      stores.push(next);
      return next;
    },
    async close() {
      for (const s of stores) await s.close();
      await registry.close();
      await github.close();
      await fs.rm(base, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder, relative paths; empty when the folder does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

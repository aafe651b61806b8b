/**
 * The CDN app the `+esm` tests build against: the fixture registry, a real package store on it, the app with
 * no request log, and a loader that imports what the app builds. `close()` ends them in reverse order.
 */
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/config.ts';
import { createPackageStore, type ClosablePackageStore } from '../../../packages/index.ts';
import { startFixtureRegistry, type FixtureRegistry } from '../../../../test/fixtures/upstream/index.ts';
import { buildCdnApp } from '../../app.ts';
import { testConfig } from '../../testing/testApp.ts';
import { moduleLoader, type ModuleLoader } from './importBuilt.ts';

export interface EsmApp {
  registry: FixtureRegistry;
  config: Config;
  store: ClosablePackageStore;
  app: FastifyInstance;
  loader: ModuleLoader;
  close(): Promise<void>;
}

export async function startEsmApp(): Promise<EsmApp> {
  const registry = await startFixtureRegistry();
  const config = testConfig({}, { SKYLIFT_NPM_REGISTRY: registry.url, SKYLIFT_CDN_URL: 'http://cdn.test' });
  const store = await createPackageStore(config);
  const app = await buildCdnApp(config, { store, requestLog: false });
  const loader = await moduleLoader(app);
  return {
    registry,
    config,
    store,
    app,
    loader,
    async close() {
      await loader.close();
      await app.close();
      await store.close();
      await registry.close();
    },
  };
}

/** What a convenient URL's module does, its banner comment left out (`../serve/reexportModule.ts`). */
export function withoutBanner(body: string): string {
  return body.replace(/^\/\*\*[\s\S]*?\*\/\n/, '');
}

/**
 * The app for a test file: started before its first test and closed after its last. The object returned is
 * filled in by then, so tests read `esm.app`, `esm.loader` when they run.
 */
export function esmAppPerFile(): EsmApp {
  const esm = {} as EsmApp;
  before(async () => {
    Object.assign(esm, await startEsmApp());
  });
  after(() => esm.close());
  return esm;
}

/** The real package layer, built from the configuration when the caller does not bring a store. */
import type { Registry } from 'prom-client';
import type { Config } from '../../config/config.ts';
import type { PackageStore } from '../../packages/types.ts';

export interface CreatedStore {
  store: PackageStore;
  close(): Promise<void>;
}

export interface DefaultStoreOptions {
  /** The service's metrics registry, so upstream fetches and their latency show in the CDN's /metrics. */
  metrics?: Registry;
  onError?: (error: unknown, context: string) => void;
}

export async function createDefaultStore(config: Config, options: DefaultStoreOptions = {}): Promise<CreatedStore> {
  const { createPackageStore } = await import('../../packages/index.ts');
  const store = await createPackageStore(config, options);
  return { store, close: () => store.close() };
}

/** The real package layer, built from the configuration when the caller does not bring a store. */
import type { Config } from '../../config/config.ts';
import type { PackageStoreOptions } from '../../packages/index.ts';
import type { PackageStore } from '../../packages/types.ts';

export interface CreatedStore {
  store: PackageStore;
  close(): Promise<void>;
}

/**
 * What the CDN hands to the package layer: its metrics registry (so upstream fetches show in the CDN's
 * /metrics), where background failures go, and the search index's hook for freshly fetched documents.
 */
export type DefaultStoreOptions = Pick<PackageStoreOptions, 'metrics' | 'onError' | 'onNpmDocument'>;

export async function createDefaultStore(config: Config, options: DefaultStoreOptions = {}): Promise<CreatedStore> {
  const { createPackageStore } = await import('../../packages/index.ts');
  const store = await createPackageStore(config, options);
  return { store, close: () => store.close() };
}

/** The real package layer, built from the configuration when the caller does not bring a store. */
import type { Config } from '../../config/config.ts';
import type { PackageStore } from '../../packages/types.ts';

export interface CreatedStore {
  store: PackageStore;
  close(): Promise<void>;
}

export async function createDefaultStore(config: Config): Promise<CreatedStore> {
  const { createPackageStore } = await import('../../packages/index.ts');
  const store: PackageStore & { close?: () => Promise<void> | void } = await createPackageStore(config);
  return { store, close: async () => void (await store.close?.()) };
}

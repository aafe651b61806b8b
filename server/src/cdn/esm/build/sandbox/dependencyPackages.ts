/**
 * The files of a dependency's exact version as the CommonJS sandbox reads them: the package layer's
 * extracted files (the store downloads and caches the tarball once), only those `require()` can load
 * (`.js`, `.cjs`, `.json`, files without an extension), with the version's package.json. Kept per store and
 * version, so that the builds of many packages sharing a dependency look it up once.
 */
import { LRUCache } from 'lru-cache';
import type { PackageStore, StoredFile } from '../../../../packages/types.ts';

export interface LoadedPackage {
  manifest: Record<string, unknown>;
  files: ReadonlyMap<string, StoredFile>;
}

export type PackageLoader = (name: string, version: string) => Promise<LoadedPackage | null>;

const REQUIRABLE = /(\.c?js|\.json|\/[^/.]+)$/i;

const loaders = new WeakMap<PackageStore, PackageLoader>();

async function load(store: PackageStore, name: string, version: string): Promise<LoadedPackage> {
  const ref = { type: 'npm' as const, name };
  const [listing, manifest] = await Promise.all([store.listing(ref, version), store.manifest(ref, version)]);
  const stored = await Promise.all(listing.files.filter((f) => REQUIRABLE.test(f.path)).map((f) => store.file(ref, version, f.path)));
  return { manifest: manifest ?? {}, files: new Map(stored.filter((f): f is StoredFile => f !== null).map((f) => [f.path, f])) };
}

/** A loader of dependency versions over `store`; a version that cannot be had (unknown, over its size limit) is null. */
export function sandboxPackageLoader(store: PackageStore): PackageLoader {
  let loader = loaders.get(store);
  if (!loader) {
    const cache = new LRUCache<string, Promise<LoadedPackage | null>>({ max: 256 });
    loader = (name, version) => {
      const key = `${name}@${version}`;
      let loaded = cache.get(key);
      if (!loaded) {
        loaded = load(store, name, version).catch(() => {
          // Not remembered: the upstream may answer next time.
          cache.delete(key);
          return null;
        });
        cache.set(key, loaded);
      }
      return loaded;
    };
    loaders.set(store, loader);
  }
  return loader;
}

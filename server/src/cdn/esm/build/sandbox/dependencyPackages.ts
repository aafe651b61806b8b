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

export interface PackageLoader {
  (name: string, version: string): Promise<LoadedPackage | null>;
  /** Forgets the kept versions that name a cache file which went (the disk budget took it): looked up again next time. */
  forget(diskPath: string): void;
}

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
    /** The versions loaded so far, by key, to find those naming a file that went. */
    const settled = new Map<string, LoadedPackage>();
    const keep = (key: string, loaded: LoadedPackage | null): LoadedPackage | null => {
      // A version held in memory while its files are written (or the disk refuses them) carries their bytes: not
      // kept here, where they would outlive the store's own bound on such memory.
      if (loaded && [...loaded.files.values()].some((file) => file.content)) cache.delete(key);
      else if (loaded && cache.has(key)) settled.set(key, loaded);
      return loaded;
    };
    const loadKept = (name: string, version: string): Promise<LoadedPackage | null> => {
      const key = `${name}@${version}`;
      let loaded = cache.get(key);
      if (!loaded) {
        loaded = load(store, name, version).then(
          (found) => keep(key, found),
          () => {
            // Not remembered: the upstream may answer next time.
            cache.delete(key);
            return null;
          },
        );
        cache.set(key, loaded);
      }
      return loaded;
    };
    loader = Object.assign(loadKept, {
      forget(diskPath: string): void {
        for (const [key, loaded] of settled) {
          if (!cache.has(key)) settled.delete(key);
          else if ([...loaded.files.values()].some((file) => file.diskPath === diskPath)) {
            cache.delete(key);
            settled.delete(key);
          }
        }
      },
    });
    loaders.set(store, loader);
  }
  return loader;
}

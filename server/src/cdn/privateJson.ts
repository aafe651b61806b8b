/** The machine-readable listing of a whole version (`/+private-json`). */
import type { ResolvedVersion, VersionListing } from '../packages/types.ts';
import { servedDefaultFile } from './defaultFile.ts';

export interface PrivateJson {
  type: VersionListing['type'];
  name: string;
  version: string;
  /** The file `/{type}/{name}@{version}` serves (minified), or null. */
  default: string | null;
  files: Array<{ path: string; size: number; sha256: string; time: string }>;
}

export function privateJson(resolved: ResolvedVersion, listing: VersionListing): PrivateJson {
  return {
    type: resolved.type,
    name: resolved.name,
    version: resolved.version,
    default: servedDefaultFile(listing),
    files: listing.files.map(({ path, size, sha256, time }) => ({ path, size, sha256, time })),
  };
}

/** Downloads for the version store's tests: a tarball made of given files, counting how often it is asked for. */
import { Readable } from 'node:stream';
import { tgzBuffer } from '../../../test/fixtures/upstream/index.ts';
import type { ArchiveDownload } from '../storage/versionStoreOptions.ts';

/** A registry download of a tarball made of `files` (`/index.js` -> content), with the number of calls so far. */
export function countedDownload(files: Record<string, string>, label = 'pkg'): { (): Promise<ArchiveDownload>; calls: number } {
  const download = async (): Promise<ArchiveDownload> => {
    download.calls++;
    const body = Readable.from([tgzBuffer(Object.entries(files).map(([name, content]) => ({ path: `package${name}`, content })))]);
    return { label, body, done: () => undefined };
  };
  download.calls = 0;
  return download;
}

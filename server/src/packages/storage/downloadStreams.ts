/**
 * The archives of the versions this process is downloading, unpacked as they arrive (`streamedExtraction.ts`),
 * by version key, and the files requests ask of them early: a file comes as soon as its entry has passed,
 * provisionally (`StoredFile.pending`), confirmed or refused by the version's own load. A refused archive
 * (unsafe, over the size limit, not the one published) costs the first requests of its files a cut-short
 * answer; the next ones get the refusal.
 */
import { LRUCache } from 'lru-cache';
import { StreamedExtraction } from '../extract/streamedExtraction.ts';
import type { StoredFile } from '../types.ts';
import { sha256Hex, type LoadedVersion } from './versionIndex.ts';

export class DownloadStreams {
  private readonly streams = new Map<string, StreamedExtraction>();
  /**
   * Versions whose last load here failed: their files wait for the verdict for a while, so that an upstream
   * sending a broken archive has each request answered with the error, not with a cut-short early answer.
   */
  private readonly failed = new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 });

  /** The stream of a version being loaded, made on first use (by its download, or by a request for a file). */
  of(key: string): StreamedExtraction {
    let stream = this.streams.get(key);
    if (!stream) {
      stream = new StreamedExtraction();
      this.streams.set(key, stream);
    }
    return stream;
  }

  /** The version's load has settled: its stream ends, and files still asked for are answered null. */
  settled(key: string, failed: boolean): void {
    this.streams.get(key)?.stop();
    this.streams.delete(key);
    if (failed) this.failed.set(key, true);
    else this.failed.delete(key);
  }

  /**
   * A file of the version `loading`, as soon as its bytes have come out of the archive; null when it will not
   * be had sooner than the version (not downloaded here, kept on the disk first, a link, already past). Its
   * `pending` resolves once the version is loaded with this very file in it, and rejects otherwise.
   */
  async earlyFile(key: string, path: string, loading: Promise<LoadedVersion>, blobPath: (sha256Hex: string) => string): Promise<StoredFile | null> {
    if (this.failed.has(key)) return null;
    const early = await this.of(key).want(path);
    if (!early) return null;
    const pending = loading.then((version) => {
      if (version.byPath.get(path)?.sha256 !== early.sha256) throw new Error(`${path} of ${key} is not what its archive held.`);
    });
    // Whoever serves the file awaits it; a request gone meanwhile must not leave a rejection unhandled.
    pending.catch(() => undefined);
    const { content, sha256, time } = early;
    return { path, size: content.length, sha256, time, diskPath: blobPath(sha256Hex(sha256)), content, pending };
  }
}

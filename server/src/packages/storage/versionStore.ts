/**
 * Extracted versions: in memory (bounded by an estimate of their bytes), on disk (index files), or fetched and
 * extracted once. Concurrent first requests for one version share one download and one extraction (request
 * coalescing). Versions refused for their content (unsafe archive, over the size limit) are remembered for a day
 * (an exact version never changes), in memory and on disk beside the indexes (`recordedRefusals.ts`), so every
 * store and every process sharing the folder refuses it without downloading it again; a size refusal holds while
 * the limit is not raised. A missing version is not remembered: it may be published a second later.
 *
 * A never-seen version is answered from memory: its archive is unpacked there, the requests waiting for it are
 * served from those bytes, and its files and index are written to the disk behind them (`writeBehind`). The
 * download locks are held until the index is written, so other processes wait for the disk's copy.
 *
 * Such an archive is unpacked as it downloads (`streamedExtraction.ts`), and a request may ask for one of its
 * files (`earlyFile`): it comes as soon as its entry has passed, and is served at once, but provisionally: the
 * file carries `pending`, which settles once the whole archive has passed its checks with that very file in it.
 */
import fs from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { lruMemoryUse, type MemoryCacheFigure } from '../../config/memoryCaches.ts';
import { extractArchive } from '../extract/extractArchive.ts';
import { selectDefaultFile } from '../extract/defaultFile.ts';
import { PackageError, type StoredFile } from '../types.ts';
import { connectionDropped } from '../upstream/fetchUpstream.ts';
import { LocalWrites, isLocalWriteError } from './localWrites.ts';
import type { BucketVersion } from './sharedBucket.ts';
import { RECHECK_AFTER_MS, TOUCH_INTERVAL_MS, processUses } from './diskBudget.ts';
import { tryLock, waitForUnlock } from './extractionLock.ts';
import { RecordedRefusals } from './recordedRefusals.ts';
import { DownloadStreams } from './downloadStreams.ts';
import { blobHashOf } from './blobPaths.ts';
import { INDEX_FORMAT, approximateBytes, readIndex, sha256Hex, toLoaded, writeIndex, type LoadedVersion, type VersionIndexFile } from './versionIndex.ts';
import type { ArchiveDownload, VersionStoreOptions } from './versionStoreOptions.ts';

/** Versions extracted into memory at once while the disk refuses writes. */
const MAX_IN_MEMORY_EXTRACTIONS = 4;

/**
 * Archives up to this size are unpacked in memory and written behind the first answer; larger ones are
 * written to the disk first (their unpacked bytes could take much of the held memory).
 */
const WRITE_BEHIND_ARCHIVE_BYTES = 16 * 1024 * 1024;

/** The 502 of an archive whose connection the upstream closed after its answer began: worth one more download. */
class ArchiveCutShort extends PackageError {
  constructor(failure: PackageError) {
    super(502, failure.message, { cause: failure.cause });
  }
}

/** `npm/@scope/name/1.0.0` -> `@scope/name@1.0.0`, as errors name a version. */
const labelOf = (key: string): string => `${key.slice(key.indexOf('/') + 1, key.lastIndexOf('/'))}@${key.slice(key.lastIndexOf('/') + 1)}`;

export class VersionStore {
  private readonly loaded: LRUCache<string, LoadedVersion>;
  private readonly failures: LRUCache<string, PackageError>;
  private readonly inflight = new Map<string, Promise<LoadedVersion>>();
  private readonly streams = new DownloadStreams();
  private readonly refusals: RecordedRefusals;
  /** Blobs requests here found gone since they were looked up (`vanished`), by SHA-256 (base64), for ten minutes. */
  private readonly vanishedBlobs = new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 });
  /**
   * Versions whose files the local disk refused, served from these bytes for a minute; after that the next
   * request tries the disk again.
   */
  private readonly held: LRUCache<string, LoadedVersion & { bytes: number }>;
  private readonly writes: LocalWrites;
  private extractingInMemory = 0;
  /** Versions answered from memory whose files are being written to the disk, with their unpacked bytes. */
  private readonly persisting = new Map<string, Promise<void>>();
  private persistingBytes = 0;

  constructor(private readonly options: VersionStoreOptions) {
    this.loaded = new LRUCache({ maxSize: options.maxBytesInMemory ?? 128 * 1024 * 1024, sizeCalculation: approximateBytes });
    this.failures = new LRUCache({ max: 10_000, ttl: this.failureTtlMs });
    this.refusals = new RecordedRefusals({ root: options.root, ttlMs: this.failureTtlMs, limitOf: (key) => this.limitOf(key) });
    this.held = new LRUCache({ maxSize: this.maxHeldBytes, sizeCalculation: (v) => Math.max(v.bytes, 1), ttl: 60_000 });
    this.writes = options.localWrites ?? new LocalWrites({ onFailure: options.onWriteFailure });
  }

  /**
   * What the versions in memory take against their budgets: the loaded ones, and those held while their files
   * are written behind their first answers (or the disk refuses them).
   */
  memoryCaches(): MemoryCacheFigure[] {
    return [
      { cache: 'versions', ...lruMemoryUse(this.loaded) },
      { cache: 'held_versions', ...lruMemoryUse(this.held) },
    ];
  }

  /** The version if it is in memory: the hot path, no I/O. */
  peek(key: string): LoadedVersion | undefined {
    const hit = this.loaded.get(key);
    return hit && this.fresh(hit) ? hit : this.held.get(key);
  }

  /**
   * Records a use of a version held in memory; false when it was not used here for so long that the disk
   * budget may have evicted it since (then it is dropped and read again from disk).
   */
  private fresh(version: LoadedVersion): boolean {
    const now = Date.now();
    const idle = now - version.usedAt;
    if (idle > RECHECK_AFTER_MS) {
      this.loaded.delete(version.key);
      return false;
    }
    if (idle > TOUCH_INTERVAL_MS / 2) {
      version.usedAt = now;
      processUses.use(version.indexFile);
    }
    return true;
  }

  /** The version if it was extracted before (memory or disk), without any download. */
  async local(key: string): Promise<LoadedVersion | null> {
    const hit = this.loaded.get(key);
    if (hit && this.fresh(hit)) return hit;
    const held = this.held.get(key);
    if (held) return held;
    const index = await readIndex(this.options.root, key);
    if (!index) return null;
    const version = toLoaded(index, this.options.content, this.options.root);
    if (await this.namesVanishedBlob(version)) {
      await fs.rm(version.indexFile, { force: true });
      return null;
    }
    await processUses.useNow(version.indexFile);
    this.loaded.set(key, version);
    return version;
  }

  /** Whether the version names a blob a request here found gone that is still gone (then it is extracted again). */
  private async namesVanishedBlob(version: LoadedVersion): Promise<boolean> {
    if (this.vanishedBlobs.size === 0) return false;
    for (const file of version.byPath.values()) {
      if (!this.vanishedBlobs.has(file.sha256)) continue;
      if (!(await exists(file.diskPath))) return true;
      this.vanishedBlobs.delete(file.sha256);
    }
    return false;
  }

  /** The version, downloading and extracting it once when it is nowhere yet. */
  get(key: string, download: () => Promise<ArchiveDownload>): Promise<LoadedVersion> {
    const hit = this.loaded.get(key);
    const inMemory = hit && this.fresh(hit) ? hit : this.held.get(key);
    if (inMemory) {
      this.options.onLookup?.('hit');
      return Promise.resolve(inMemory);
    }
    const failure = this.failures.get(key);
    if (failure) return Promise.reject(failure);
    const running = this.inflight.get(key);
    if (running) return running;
    const settled = (failed: boolean): void => {
      this.inflight.delete(key);
      this.streams.settled(key, failed);
    };
    const promise = this.load(key, download).then(
      (version) => (settled(false), version),
      (error: unknown) => {
        settled(true);
        throw error;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  /** Whether the version is being loaded here: then its files may be had early (`earlyFile`). */
  isLoading(key: string): boolean {
    return this.inflight.has(key);
  }

  /** A file of a version being loaded here, as soon as it came out of its archive, provisionally (`DownloadStreams`). */
  earlyFile(key: string, path: string): Promise<StoredFile | null> {
    const loading = this.inflight.get(key);
    return loading ? this.streams.earlyFile(key, path, loading, (hex) => this.options.content.blobPath(hex)) : Promise.resolve(null);
  }

  /**
   * A file of the cache is gone from disk (the disk budget took it after this process looked it up): the
   * versions held in memory that name it are dropped, so that the next request reads the disk again. An index
   * still on disk that names a blob no longer there is removed too, so that the version is downloaded and
   * extracted again rather than read back broken (a sweep under pressure can take a blob that an extraction
   * finishing meanwhile named). Rare, so a walk over what is in memory is fine.
   */
  async vanished(diskPath: string): Promise<void> {
    // By hash: asking every file in memory for its path would make each one keep it.
    const sha256 = blobHashOf(diskPath);
    const naming = [...this.loaded.values()].filter((version) => [...version.byPath.values()].some((file) => file.sha256 === sha256));
    for (const version of naming) this.loaded.delete(version.key);
    if (await exists(diskPath)) return;
    // An index read later that names it is checked before it is trusted (`local`): the version naming it may
    // have left this process's memory while a request still held its files.
    this.vanishedBlobs.set(sha256, true);
    await Promise.all(naming.map((version) => fs.rm(version.indexFile, { force: true })));
  }

  /** Resolves when the versions answered from memory so far are written to the disk (or the disk refused them). */
  async writesSettled(): Promise<void> {
    while (this.persisting.size > 0) await Promise.all(this.persisting.values());
  }

  /** Forgets the refusals of keys with this prefix (`npm/<name>/`), in memory and on disk; extracted files stay valid. */
  forgetFailures(prefix: string): void {
    for (const key of this.failures.keys()) if (key.startsWith(prefix)) this.failures.delete(key);
    this.refusals.forget(prefix);
  }

  private limitOf(key: string): number {
    const limit = this.options.limitBytes;
    return typeof limit === 'number' ? limit : limit(key);
  }

  private get failureTtlMs(): number {
    return this.options.failureTtlMs ?? 24 * 60 * 60_000;
  }

  private async load(key: string, download: () => Promise<ArchiveDownload>): Promise<LoadedVersion> {
    const local = await this.local(key);
    if (local) {
      this.options.onLookup?.('hit');
      return local;
    }
    const fleet = this.options.fleetLock;
    if (!fleet) return this.loadOnMachine(key, download);
    for (;;) {
      const held = await fleet.tryLock(`download:${key}`, fleet.ttlMs);
      if (held) {
        try {
          return await this.loadOnMachine(key, download);
        } finally {
          await this.releaseWhenStored(key, () => held.release()).catch(() => undefined);
        }
      }
      await fleet.waitForUnlock(`download:${key}`);
      const theirs = await this.leftByOther(key);
      if (theirs) return theirs;
    }
  }

  /** After waiting for another download of `key`: what it left on the disk, or its refusal (thrown), or null. */
  private async leftByOther(key: string): Promise<LoadedVersion | null> {
    const theirs = await this.local(key);
    if (theirs) {
      this.options.onLookup?.('hit');
      return theirs;
    }
    const refused = await this.refusals.read(key);
    if (refused) {
      this.failures.set(key, refused);
      throw refused;
    }
    return null;
  }

  private async loadOnMachine(key: string, download: () => Promise<ArchiveDownload>): Promise<LoadedVersion> {
    // Another process (a CDN worker, another service) may be downloading it: wait for it and use its result.
    const lock = { root: this.options.root, staleMs: this.options.lockStaleMs ?? 10 * 60_000 };
    let unlock = await tryLock(lock, key);
    while (!unlock) {
      await waitForUnlock(lock, key);
      const theirs = await this.leftByOther(key);
      if (theirs) return theirs;
      unlock = await tryLock(lock, key);
    }
    try {
      // It may have been finished by another process between the first look and the lock.
      const finished = await this.local(key);
      if (finished) {
        this.options.onLookup?.('hit');
        return finished;
      }
      return await this.download(key, download);
    } finally {
      await this.releaseWhenStored(key, unlock);
    }
  }

  /** Runs `release` once the version's files are on the disk: at once, unless they are being written behind. */
  private releaseWhenStored(key: string, release: () => Promise<void>): Promise<void> {
    const persisting = this.persisting.get(key);
    if (!persisting) return release();
    void persisting.finally(() => release().catch(() => undefined));
    return Promise.resolve();
  }

  private async download(key: string, download: () => Promise<ArchiveDownload>): Promise<LoadedVersion> {
    this.options.onLookup?.('miss');
    const recorded = await this.refusals.read(key);
    if (recorded) {
      this.failures.set(key, recorded);
      throw recorded;
    }
    const fromPeers = await this.fromShared(key);
    if (fromPeers) return fromPeers;
    try {
      return await this.extractAgainIfCut(key, download);
    } catch (error) {
      if (!isLocalWriteError(error)) throw error;
      // The disk refused the version as it arrived: the bytes are gone, so it is downloaded once more into memory.
      this.writes.failed(error, key);
      return this.extract(key, download, true);
    }
  }

  /**
   * Extracts the version, and downloads it once more when the upstream closed the connection in the middle of the
   * archive: a kept-alive connection an upstream drops, or a proxy's, cut a download of the long-tail soak after
   * its answer began, and that was a 502 for every request waiting on the version. Nothing of the first try is
   * kept (its early files stay provisional until this load confirms them); a second cut is the upstream failing.
   */
  private async extractAgainIfCut(key: string, download: () => Promise<ArchiveDownload>): Promise<LoadedVersion> {
    try {
      return await this.extract(key, download, this.writes.failing() !== null);
    } catch (error) {
      if (!(error instanceof ArchiveCutShort)) throw error;
      return this.extract(key, download, this.writes.failing() !== null);
    }
  }

  /** Downloads and extracts a version into the local cache, or into memory while the disk refuses writes. */
  private async extract(key: string, download: () => Promise<ArchiveDownload>, inMemory: boolean): Promise<LoadedVersion> {
    if (inMemory) {
      // Each costs up to the size limit in memory until it is served: a few at a time, the others wait for the disk.
      if (this.extractingInMemory >= MAX_IN_MEMORY_EXTRACTIONS) throw LocalWrites.unavailable(labelOf(key));
      this.extractingInMemory++;
    }
    try {
      const archive = await download();
      // Written behind the answer while the memory it takes meanwhile is within half the held budget.
      const inMemoryUpToBytes = this.persistingBytes < this.maxHeldBytes / 2 ? WRITE_BEHIND_ARCHIVE_BYTES : 0;
      // Unpacked as it downloads when it will be answered from memory: a larger one is the disk's first.
      const answeredFromMemory = archive.bytes !== undefined && (inMemory || archive.bytes <= inMemoryUpToBytes);
      const stream = this.streams.of(key);
      const tap = answeredFromMemory && stream.begin(this.limitOf(key), archive.expected ?? null) ? stream : null;
      if (!tap) stream.stop();
      const extracted = await extractArchive(archive.body, {
        label: archive.label,
        limitBytes: this.limitOf(key),
        store: this.options.content,
        expected: archive.expected ?? null,
        inMemory,
        inMemoryUpToBytes,
        tap,
      }).catch((error: unknown) => {
        // The answer had begun (`download()` above has it): a connection dropped now cut the archive short.
        throw error instanceof PackageError && error.status === 502 && connectionDropped(error) ? new ArchiveCutShort(error) : error;
      });
      archive.done();
      const paths = new Set(extracted.files.map((f) => f.path));
      const index: VersionIndexFile = {
        format: INDEX_FORMAT,
        key,
        files: extracted.files.map((f) => ({
          path: f.path,
          size: f.size,
          sha256: Buffer.from(f.sha256Hex, 'hex').toString('base64'),
          sha256Hex: f.sha256Hex,
          time: f.time,
        })),
        default: selectDefaultFile(extracted.manifest, (p) => paths.has(p)),
        manifest: extracted.manifest,
        extractedAt: new Date().toISOString(),
      };
      if (extracted.contents) {
        const version = this.hold(index, extracted.contents);
        if (!inMemory) this.writeBehind(index, extracted.contents, version.bytes);
        return version;
      }
      try {
        await writeIndex(this.options.root, index);
      } catch (error) {
        // Every blob is on the disk: the index in memory serves them until the disk takes it.
        if (!isLocalWriteError(error)) throw error;
        this.writes.failed(error, key);
        return this.hold(index, new Map());
      }
      return this.stored(index);
    } catch (error) {
      if (error instanceof PackageError && error.status === 403) {
        this.failures.set(key, error);
        await this.refusals.record(key, error);
      }
      throw error;
    } finally {
      if (inMemory) this.extractingInMemory--;
    }
  }

  /** A version whose files and index are on the disk: served from there from now on, and offered to other origins. */
  private stored(index: VersionIndexFile): LoadedVersion {
    const version = toLoaded(index, this.options.content, this.options.root);
    this.loaded.set(index.key, version);
    this.held.delete(index.key);
    processUses.wrote(index.files.reduce((sum, f) => sum + f.size, 0));
    this.options.shared?.publish(index, (hex) => this.options.content.blobPath(hex));
    return version;
  }

  /**
   * Writes a version answered from memory to the disk: its files (in the blob-writing thread), then its index.
   * Until then it is served from memory; when the disk refuses, it stays there for the held time, as a version
   * the disk refused as it arrived does.
   */
  private writeBehind(index: VersionIndexFile, contents: ReadonlyMap<string, Uint8Array>, bytes: number): void {
    this.persistingBytes += bytes;
    const persisting = (async () => {
      try {
        await this.options.content.putHashed(contents);
        await writeIndex(this.options.root, index);
        this.stored(index);
      } catch (error) {
        if (isLocalWriteError(error)) this.writes.failed(error, index.key);
      } finally {
        this.persistingBytes -= bytes;
        this.persisting.delete(index.key);
      }
    })();
    this.persisting.set(index.key, persisting);
  }

  private get maxHeldBytes(): number {
    return this.options.maxHeldBytes ?? 256 * 1024 * 1024;
  }

  /**
   * The version from the bucket other origins fill, stored on the local disk through the content store (its
   * hash check, flush and rename), or held in memory when the disk refuses; null when the bucket lacks it.
   */
  private async fromShared(key: string): Promise<LoadedVersion | null> {
    const shared = this.options.shared;
    if (!shared) return null;
    const content = this.options.content;
    const fetched = await shared.fetch(key, {
      limitBytes: this.limitOf(key),
      have: (hex) =>
        fs.access(content.blobPath(hex)).then(
          () => true,
          () => false,
        ),
    });
    if (!fetched) return null;
    if (this.writes.failing()) return this.hold(fetched.index, fetched.blobs);
    try {
      for (const [hex, bytes] of fetched.blobs) await content.put(hex, bytes);
      await content.flushNames();
      await writeIndex(this.options.root, fetched.index);
    } catch (error) {
      if (!isLocalWriteError(error)) throw error;
      this.writes.failed(error, key);
      return this.hold(fetched.index, fetched.blobs);
    }
    const version = toLoaded(fetched.index, content, this.options.root);
    this.loaded.set(key, version);
    processUses.wrote(fetched.index.files.reduce((sum, f) => sum + f.size, 0));
    return version;
  }

  /** A version served from memory: its files' bytes in hand where the disk has not got them. */
  private hold(index: VersionIndexFile, blobs: BucketVersion['blobs']): LoadedVersion & { bytes: number } {
    const version = toLoaded(index, this.options.content, this.options.root);
    let bytes = 0;
    for (const [filePath, stored] of version.byPath) {
      const content = blobs.get(sha256Hex(stored.sha256));
      if (!content) continue;
      version.byPath.set(filePath, { ...stored, diskPath: stored.diskPath, content });
      bytes += content.length;
    }
    const held = Object.assign(version, { bytes });
    this.held.set(index.key, held);
    return held;
  }
}

const exists = (file: string): Promise<boolean> =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/**
 * Single files of npm versions over the size limit. Such a version is never extracted whole; a request for
 * one of its files streams the tarball once (`extract/extractEntry.ts`), keeps that file in the content store
 * (at most `maxFileBytes`) once the tarball matched its integrity digest, and records on disk every path the
 * tarball holds with its size, and the files kept so far: later requests for a kept file, an absent one or one
 * too large need no download. Concurrent requests for one file share one download.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { extractEntry } from '../extract/extractEntry.ts';
import { PackageError, type StoredFile } from '../types.ts';
import type { ContentStore } from './contentStore.ts';
import { processUses } from './diskBudget.ts';
import { writeFileDurable } from './durable.ts';
import { indexPath } from './versionIndex.ts';
import type { ExpectedDigest } from '../extract/integrity.ts';

export interface SingleFilesOptions {
  root: string;
  content: ContentStore;
  /** Largest file served out of an over-limit version (20 MB). */
  maxFileBytes: number;
  /** Unpacked bytes of an over-limit tarball read at most; past them it is a bomb (1 GB). */
  maxArchiveBytes?: number;
}

/** A version's tarball as the registry document describes it, opened only when it is to be read. */
export interface SingleFileSource {
  /** `name@version`, in errors. */
  label: string;
  expected: ExpectedDigest | null;
  /** What the registry states the version's unpacked size is, if it does. */
  unpackedSize?: number;
  /** The version's refusal, answered when the archive is too large to read at all. */
  refusal: PackageError;
  open(): Promise<{ body: Readable; done(): void }>;
}

interface KeptFile {
  path: string;
  size: number;
  sha256Hex: string;
  time: string;
}

/**
 * `files` has the shape of a version index's, so that the disk budget counts these blobs as named, and
 * evicts them with the record, least recently used first (the record's time is its last use).
 */
interface SinglesRecord {
  format: 1;
  key: string;
  /** Every regular file of the tarball and its size. */
  sizes: Record<string, number>;
  files: KeptFile[];
}

const MB = 1024 * 1024;

/** The answer for a file of an over-limit version that is larger than single files may be. */
export const fileSizeExceeded = (limitBytes: number): PackageError =>
  new PackageError(403, `File size exceeded the configured limit of ${Math.round(limitBytes / MB)} MB.`);

export class SingleFiles {
  private readonly records = new LRUCache<string, SinglesRecord>({ max: 1_000 });
  private readonly inflight = new Map<string, Promise<StoredFile | null>>();

  constructor(private readonly options: SingleFilesOptions) {}

  /** One file of the version `key` (`npm/<name>/<version>`), or null when its tarball has no such file. Throws PackageError. */
  async file(key: string, filePath: string, source: () => Promise<SingleFileSource>): Promise<StoredFile | null> {
    const known = await this.known(key, filePath);
    if (known !== undefined) return known;
    const flight = `${key}\n${filePath}`;
    const running = this.inflight.get(flight);
    if (running) return running;
    const promise = this.extract(key, filePath, source).finally(() => this.inflight.delete(flight));
    this.inflight.set(flight, promise);
    return promise;
  }

  /** What the record already says of the file; undefined when only a download can tell. */
  private async known(key: string, filePath: string): Promise<StoredFile | null | undefined> {
    const record = await this.record(key);
    if (!record) return undefined;
    const size = record.sizes[filePath];
    if (size === undefined) return null;
    if (size > this.options.maxFileBytes) throw fileSizeExceeded(this.options.maxFileBytes);
    const kept = record.files.find((f) => f.path === filePath);
    if (!kept) return undefined;
    const diskPath = this.options.content.blobPath(kept.sha256Hex);
    // The disk budget or a crash recovery may have removed the blob since: then it is fetched again.
    const present = await fs.access(diskPath).then(
      () => true,
      () => false,
    );
    if (!present) return undefined;
    processUses.use(this.recordPath(key));
    return this.stored(kept);
  }

  private stored(kept: KeptFile): StoredFile {
    return {
      path: kept.path,
      size: kept.size,
      sha256: Buffer.from(kept.sha256Hex, 'hex').toString('base64'),
      time: kept.time,
      diskPath: this.options.content.blobPath(kept.sha256Hex),
    };
  }

  private recordPath(key: string): string {
    return indexPath(path.join(this.options.root, 'singles'), key);
  }

  private async record(key: string): Promise<SinglesRecord | null> {
    const cached = this.records.get(key);
    if (cached) return cached;
    try {
      const parsed = JSON.parse(await fs.readFile(this.recordPath(key), 'utf8')) as SinglesRecord;
      if (parsed.format !== 1 || parsed.key !== key || typeof parsed.sizes !== 'object' || !Array.isArray(parsed.files)) return null;
      this.records.set(key, parsed);
      return parsed;
    } catch {
      return null;
    }
  }

  private async extract(key: string, filePath: string, source: () => Promise<SingleFileSource>): Promise<StoredFile | null> {
    const maxArchiveBytes = this.options.maxArchiveBytes ?? 1024 * MB;
    const archive = await source();
    if (archive.unpackedSize !== undefined && archive.unpackedSize > maxArchiveBytes) throw archive.refusal;
    const tarball = await archive.open();
    const result = await extractEntry(tarball.body, {
      label: archive.label,
      path: filePath,
      maxFileBytes: this.options.maxFileBytes,
      maxArchiveBytes,
      refusal: archive.refusal,
      store: this.options.content,
      expected: archive.expected,
    });
    tarball.done();
    // Merged with what another process may have recorded meanwhile; a lost race only costs a download.
    const kept = result.file ? { path: filePath, ...result.file } : null;
    const previous = ((await this.record(key))?.files ?? []).filter((f) => f.path !== filePath);
    const record: SinglesRecord = { format: 1, key, sizes: Object.fromEntries(result.sizes), files: kept ? [...previous, kept] : previous };
    this.records.delete(key);
    await writeFileDurable(this.recordPath(key), JSON.stringify(record));
    this.records.set(key, record);
    if (kept) return this.stored(kept);
    const size = result.sizes.get(filePath);
    if (size !== undefined && size > this.options.maxFileBytes) throw fileSizeExceeded(this.options.maxFileBytes);
    return null;
  }
}

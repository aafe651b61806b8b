/**
 * Extraction of a package archive (gzip tar) into the content-addressed store.
 *
 * The archive is downloaded whole (at most what the size limit allows an archive to be), then unpacked in an
 * extraction thread (`unpack.ts`, `extractThreads.ts`): its digest checked, every entry's path and size
 * checked, each file hashed and written into a private staging folder. Files are moved into the store only
 * when the whole archive passed, so a failure (or a crash) never leaves part of a version behind. While the
 * local disk refuses writes, the files are kept in memory instead (`inMemory`), with the same checks; so are
 * archives small enough for their caller to answer from memory and write behind (`inMemoryUpToBytes`). Those
 * are unpacked as they download when the caller gives a `tap` (`streamedExtraction.ts`), with the same checks.
 *
 * Blobs are not flushed to the disk one by one: the store's crash recovery (`../storage/crashRecovery.ts`)
 * hashes again every blob written since a process that did not close started, and drops any that does not
 * match its name, with the version indexes naming it; the index itself is written durably.
 */
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import pLimit from 'p-limit';
import { upstreamError } from '../upstream/fetchUpstream.ts';
import { PackageError } from '../types.ts';
import type { ContentStore } from '../storage/contentStore.ts';
import { isLocalWriteError } from '../storage/localWrites.ts';
import type { ExpectedDigest } from './integrity.ts';
import { extractionThreads } from './extractThreads.ts';
import { streamCap, type Refusal, type UnpackOutcome } from './unpack.ts';

export interface ExtractOptions {
  /** Names the archive in errors: `tiny-lib@1.0.0`, `user/repo@<sha>`. */
  label: string;
  limitBytes: number;
  store: ContentStore;
  expected?: ExpectedDigest | null;
  /** Keep the files' bytes in memory instead of writing them to the store (the local disk refuses writes). */
  inMemory?: boolean;
  /**
   * An archive of at most this many bytes is kept in memory too: its caller answers from those bytes and
   * writes them to the store behind the answer, rather than waiting for every file to be written first.
   */
  inMemoryUpToBytes?: number;
  /**
   * Unpacks the archive as its bytes arrive (`streamedExtraction.ts`): given each chunk and told of the end,
   * it answers the outcome, or null when it could not read the archive (then it is unpacked whole here).
   * Only for an archive kept in memory.
   */
  tap?: ArchiveTap | null;
}

export interface ArchiveTap {
  push(chunk: Buffer): void;
  end(): void;
  outcome(): Promise<UnpackOutcome | null>;
  stop(): void;
}

export interface ExtractedFile {
  path: string;
  size: number;
  sha256Hex: string;
  time: string;
}

export interface ExtractResult {
  files: ExtractedFile[];
  /** `/package.json` parsed, when present and valid. */
  manifest: Record<string, unknown> | null;
  /** Kept in memory (`inMemory`, `inMemoryUpToBytes`): the files' bytes by SHA-256 (hex); nothing was written to the store. */
  contents: Map<string, Buffer> | null;
}

/** Staged files moved into the store at once: renames wait on the disk, not on this thread. */
const COMMITS_AT_ONCE = 16;

export async function extractArchive(source: Readable, options: ExtractOptions): Promise<ExtractResult> {
  const { label, limitBytes, store } = options;
  const archive = await download(source, label, streamCap(limitBytes), () => PackageError.sizeExceeded(limitBytes), options.tap ?? null);
  const inMemory = options.inMemory === true || archive.bytes <= (options.inMemoryUpToBytes ?? -1);
  const streamed = inMemory ? options.tap : null;
  if (!streamed) options.tap?.stop();
  const staging = inMemory ? null : await store.createStaging();
  try {
    const outcome =
      (await streamed?.outcome()) ??
      (await extractionThreads().run({ tgz: Buffer.concat(archive.chunks, archive.bytes), limitBytes, expected: options.expected ?? null, staging, label }));
    if (!outcome.ok) {
      if ('refusal' in outcome) throw refusalError(outcome.refusal, label, limitBytes);
      // The local disk refusing a write is not the upstream's fault: the version store tells it apart.
      throw Object.assign(new Error(outcome.disk.message), { code: outcome.disk.code, syscall: outcome.disk.syscall });
    }
    const renames = pLimit(COMMITS_AT_ONCE);
    await Promise.all(outcome.files.filter((file) => file.staged).map((file) => renames(() => store.commit(file.staged, file.sha256Hex))));
    // Buffers arrive from the thread as plain Uint8Arrays, each over memory of its own (`unpack.ts`).
    const contents = outcome.contents
      ? new Map([...outcome.contents].map(([hex, bytes]) => [hex, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]))
      : null;
    return { files: outcome.files.map(({ path, size, sha256Hex, time }) => ({ path, size, sha256Hex, time })), manifest: outcome.manifest, contents };
  } catch (error) {
    if (isLocalWriteError(error) || error instanceof PackageError) throw error;
    throw upstreamError(error, label);
  } finally {
    if (staging) await fsp.rm(staging, { recursive: true, force: true });
  }
}

/**
 * The archive's bytes, up to `cap`, as they came; a connection failing or timing out meanwhile is the upstream's
 * fault. They are put together only when the archive is unpacked whole: copying megabytes into one buffer right
 * after the last byte (about 20 ms for 5 MB in a process's first archive) would hold up the answers the streaming
 * thread has ready by then.
 */
async function download(
  source: Readable,
  label: string,
  cap: number,
  tooBig: () => PackageError,
  tap: ArchiveTap | null,
): Promise<{ chunks: Buffer[]; bytes: number }> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > cap) throw tooBig();
      chunks.push(chunk);
      tap?.push(chunk);
    }
    tap?.end();
  } catch (error) {
    throw error instanceof PackageError ? error : upstreamError(error, label);
  } finally {
    source.destroy();
  }
  return { chunks, bytes: total };
}

function refusalError(refusal: Refusal, label: string, limitBytes: number): PackageError {
  switch (refusal.kind) {
    case 'unsafe':
      return PackageError.unsafeArchive(label, refusal.detail);
    case 'too-big':
      return PackageError.sizeExceeded(limitBytes);
    // An archive that is not a valid gzip tar, or not the one the registry published: the upstream sent it.
    case 'corrupt':
      return PackageError.upstreamFailed(label, 'the archive is not a valid gzip tar');
    case 'digest-mismatch':
      return PackageError.upstreamFailed(label, 'the archive does not match the integrity digest its registry published');
  }
}

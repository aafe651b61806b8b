/**
 * Safe streaming extraction of a package archive (gzip tar) into the content-addressed store.
 *
 * The archive is read once, as it downloads: bytes are counted after decompression and per file, so the
 * unpacked size limit holds whatever the headers or the registry claim; an entry with `..`, an absolute path,
 * a link pointing outside or a device file rejects the whole archive. Files are written into a private staging
 * folder and only moved into the store when the whole archive has been read and checked, so a failure (or a
 * crash) never leaves part of a version behind. While the local disk refuses writes, the files are kept in
 * memory instead (`inMemory`), with the same checks.
 */
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pLimit from 'p-limit';
import { Parser, type ReadEntry } from 'tar';
import { upstreamError } from '../upstream/fetchUpstream.ts';
import { PackageError } from '../types.ts';
import type { ContentStore } from '../storage/contentStore.ts';
import { isLocalWriteError } from '../storage/localWrites.ts';
import { entryPath, linkTarget } from './entryPath.ts';
import { digestChecker, type ExpectedDigest } from './integrity.ts';

export interface ExtractOptions {
  /** Names the archive in errors: `tiny-lib@1.0.0`, `user/repo@<sha>`. */
  label: string;
  limitBytes: number;
  store: ContentStore;
  expected?: ExpectedDigest | null;
  /** Keep the files' bytes in memory instead of writing them to the store (the local disk refuses writes). */
  inMemory?: boolean;
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
  /** With `inMemory`: the files' bytes by SHA-256 (hex); nothing was written to the store. */
  contents: Map<string, Buffer> | null;
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const IGNORED_TYPES = new Set(['Directory', 'GNUDumpDir']);
const DEVICE_TYPES = new Set(['CharacterDevice', 'BlockDevice', 'FIFO']);
const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;
/** Staged files moved into the store at once: renames wait on the disk, not on this thread. */
const COMMITS_AT_ONCE = 16;

/** Tar headers and padding add to the files' bytes; beyond this much the archive is a bomb, not a package. */
const streamCap = (limitBytes: number): number => limitBytes * 2 + 16 * 1024 * 1024;

function counter(cap: number, onChunk: ((chunk: Buffer) => void) | null, onExceeded: () => Error): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > cap) return callback(onExceeded());
      onChunk?.(chunk);
      callback(null, chunk);
    },
  });
}

interface PendingLink {
  path: string;
  target: string;
}

export async function extractArchive(source: Readable, options: ExtractOptions): Promise<ExtractResult> {
  const { label, limitBytes, store } = options;
  const staging = options.inMemory ? null : await store.createStaging();
  const contents = options.inMemory ? new Map<string, Buffer>() : null;
  const staged = new Map<string, { file: string; size: number; sha256Hex: string; time: string }>();
  const links: PendingLink[] = [];
  const writes: Promise<void>[] = [];
  let unpacked = 0;
  let fileNo = 0;
  let failure: unknown = null;
  let signalFailure: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    signalFailure = reject;
  });
  failed.catch(() => undefined);
  const fail = (error: unknown): void => {
    if (failure) return;
    failure = error;
    signalFailure(error);
    source.destroy();
  };
  const unsafe = (detail: string): void => fail(PackageError.unsafeArchive(label, detail));
  const tooBig = (): PackageError => PackageError.sizeExceeded(limitBytes);

  const storeFile = (entry: ReadEntry, filePath: string): void => {
    const file = staging ? path.join(staging, String(fileNo++)) : '';
    const chunks: Buffer[] = [];
    const hash = crypto.createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        unpacked += chunk.length;
        // Real bytes, not the header's claim: a lying header cannot get past this.
        if (unpacked > limitBytes) return callback(tooBig());
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const time = (entry.mtime ?? new Date(0)).toISOString();
    // Flushed to the disk as it closes, while the archive's next files arrive: the commit below only renames.
    const sink = staging
      ? fs.createWriteStream(file, { flush: true })
      : new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        });
    const write = pipeline(count, sink).then(() => {
      const sha256Hex = hash.digest('hex');
      staged.set(filePath, { file, size, sha256Hex, time });
      contents?.set(sha256Hex, Buffer.concat(chunks));
    });
    write.catch(fail);
    writes.push(write.catch(() => undefined));
    entry.pipe(count);
  };

  const onEntry = (entry: ReadEntry): void => {
    if (failure) {
      entry.resume();
      return;
    }
    const verdict = entryPath(entry.path);
    if (!verdict.ok) {
      entry.resume();
      return unsafe(verdict.reason);
    }
    const type = entry.type;
    if (DEVICE_TYPES.has(type)) {
      entry.resume();
      return unsafe(`a device file (${entry.path})`);
    }
    if (type === 'SymbolicLink' || type === 'Link') {
      entry.resume();
      const target = entry.linkpath ?? '';
      if (verdict.path === null) return unsafe(`a link at the archive's root (${entry.path})`);
      const resolved = linkTarget(verdict.path, target, type === 'Link' ? 'hardlink' : 'symlink');
      if (!resolved.ok) return unsafe(resolved.reason);
      if (resolved.path) links.push({ path: verdict.path, target: resolved.path });
      return;
    }
    if (IGNORED_TYPES.has(type) || verdict.path === null) {
      entry.resume();
      return;
    }
    if (!FILE_TYPES.has(type)) {
      entry.resume();
      return unsafe(`an entry of an unsupported type (${type}: ${entry.path})`);
    }
    storeFile(entry, verdict.path);
  };

  const parser = new Parser({ strict: true, noResume: true, onReadEntry: onEntry });
  parser.on('error', (error: Error) => fail(corrupt(label, error)));
  const parsed = once(parser, 'end');
  parsed.catch(() => undefined);
  // The parser is not a Node stream: this sink feeds it with backpressure, so pipeline() can tear everything down.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (failure) return callback(failure as Error);
      if (parser.write(chunk)) callback();
      else parser.once('drain', () => callback());
    },
    final(callback) {
      parser.end();
      Promise.race([parsed, failed]).then(() => callback(), callback);
    },
  });
  const digest = digestChecker(options.expected ?? null);
  const cap = streamCap(limitBytes);
  const stop = (error: unknown): void => {
    fail(error);
    sink.destroy(error as Error);
  };

  try {
    // Larger output chunks than zlib's 16 kB: each chunk is a round trip to the thread that inflates it.
    const gunzip = zlib.createGunzip({ chunkSize: 256 * 1024 });
    const done = pipeline(
      source,
      counter(cap, (chunk) => digest.update(chunk), tooBig),
      gunzip,
      counter(cap, null, tooBig),
      sink,
    );
    failed.catch((error: unknown) => sink.destroy(error as Error));
    await done.catch((error: unknown) => {
      stop(error instanceof PackageError ? error : error === failure ? error : gunzipOrUpstream(label, error));
    });
    if (failure) throw failure;
    await Promise.race([Promise.all(writes), failed]);
    if (failure) throw failure;
    if (!digest.matches()) throw PackageError.upstreamFailed(label);

    for (const link of links) {
      const target = staged.get(link.target);
      // Links to folders or to nothing are dropped: the CDN serves files.
      if (target && !staged.has(link.path)) staged.set(link.path, { ...target, file: '' });
    }
    const files: ExtractedFile[] = [];
    const renames = pLimit(COMMITS_AT_ONCE);
    await Promise.all([...staged.values()].filter((info) => info.file).map((info) => renames(() => store.commit(info.file, info.sha256Hex))));
    for (const [filePath, info] of staged) files.push({ path: filePath, size: info.size, sha256Hex: info.sha256Hex, time: info.time });
    // The version's index is written after this: every blob it names is on the disk under its name.
    if (staging) await store.flushNames();
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files, manifest: await readManifest(store, staged.get('/package.json'), contents), contents };
  } catch (error) {
    // The local disk refusing a write is not the upstream's fault: the version store tells it apart.
    if (isLocalWriteError(failure ?? error)) throw failure ?? error;
    throw error instanceof PackageError ? error : failure instanceof PackageError ? failure : upstreamError(error, label);
  } finally {
    source.destroy();
    if (staging) await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** A broken tar stream: the upstream sent something that is not a valid archive. */
function corrupt(label: string, _error: unknown): PackageError {
  return PackageError.upstreamFailed(label);
}

/** A zlib error means a corrupt download; anything else on the way in is the connection failing or timing out. */
function gunzipOrUpstream(label: string, error: unknown): PackageError {
  if (typeof (error as { errno?: unknown } | null)?.errno === 'number' && String((error as { code?: unknown }).code ?? '').startsWith('Z_')) {
    return corrupt(label, error);
  }
  return upstreamError(error, label);
}

async function readManifest(
  store: ContentStore,
  info: { size: number; sha256Hex: string } | undefined,
  contents: Map<string, Buffer> | null,
): Promise<Record<string, unknown> | null> {
  if (!info || info.size > MANIFEST_MAX_BYTES) return null;
  try {
    const text = contents ? (contents.get(info.sha256Hex) ?? Buffer.alloc(0)).toString('utf8') : await fsp.readFile(store.blobPath(info.sha256Hex), 'utf8');
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

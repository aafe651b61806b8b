/**
 * One file out of a package archive too large to extract whole: the archive is streamed once, every entry's
 * path and size noted, and only the wanted file's bytes kept, in a staging file, up to a per-file limit. The
 * whole archive is still read, because the registry's integrity digest covers all of it: the staged file is
 * moved into the content store only when the digest matches. The same path checks as a full extraction hold
 * (a hostile entry anywhere refuses the archive), and the unpacked bytes read are capped against bombs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { PackageError } from '../types.ts';
import type { ContentStore } from '../storage/contentStore.ts';
import { upstreamError } from '../upstream/fetchUpstream.ts';
import { entryPath } from './entryPath.ts';
import { digestChecker, type ExpectedDigest } from './integrity.ts';

export interface EntryOptions {
  /** Names the archive in errors: `mermaid@11.0.0`. */
  label: string;
  /** The file wanted, `/dist/x.js`. */
  path: string;
  /** A larger file is not kept (its size is still reported). */
  maxFileBytes: number;
  /** Unpacked bytes read at most before the archive counts as a bomb, refused with `refusal`. */
  maxArchiveBytes: number;
  refusal: PackageError;
  store: ContentStore;
  expected: ExpectedDigest | null;
}

export interface EntryResult {
  /** Every regular file of the archive and its size: later requests for absent files need no download. */
  sizes: Map<string, number>;
  /** The wanted file, now in the content store; null when the archive has no such regular file or it is too large. */
  file: { size: number; sha256Hex: string; time: string } | null;
}

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const DEVICE_TYPES = new Set(['CharacterDevice', 'BlockDevice', 'FIFO']);

export async function extractEntry(source: Readable, options: EntryOptions): Promise<EntryResult> {
  const { label, store } = options;
  const sizes = new Map<string, number>();
  const staging = await store.createStaging();
  const staged = path.join(staging, 'file');
  let found: { size: number; sha256Hex: string; time: string } | null = null;
  let write: Promise<void> | null = null;
  let failure: Error | null = null;
  const fail = (error: Error): void => {
    failure ??= error;
  };

  const keep = (entry: ReadEntry): void => {
    const hash = crypto.createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const time = (entry.mtime ?? new Date(0)).toISOString();
    write = pipeline(count, fs.createWriteStream(staged, { flush: true })).then(() => {
      found = { size, sha256Hex: hash.digest('hex'), time };
    });
    write.catch((error: unknown) => fail(error as Error));
    entry.pipe(count);
  };

  const onEntry = (entry: ReadEntry): void => {
    const verdict = entryPath(entry.path);
    if (!verdict.ok) fail(PackageError.unsafeArchive(label, verdict.reason));
    else if (DEVICE_TYPES.has(entry.type)) fail(PackageError.unsafeArchive(label, `a device file (${entry.path})`));
    else if (verdict.path !== null && FILE_TYPES.has(entry.type)) {
      // The header's size only decides whether to keep the bytes; what is kept is counted as it arrives.
      sizes.set(verdict.path, entry.size ?? 0);
      if (!failure && !write && verdict.path === options.path && (entry.size ?? 0) <= options.maxFileBytes) return keep(entry);
    }
    entry.resume();
  };

  const parser = new Parser({ strict: true, noResume: true, onReadEntry: onEntry });
  parser.on('error', (error: Error) => fail(PackageError.upstreamFailed(label, error)));
  // The parser is not a Node stream: this sink feeds it with backpressure.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (failure) return callback(failure);
      if (parser.write(chunk)) callback();
      else parser.once('drain', () => callback());
    },
    final(callback) {
      parser.once('end', () => callback());
      parser.end();
    },
  });
  const digest = digestChecker(options.expected);
  let unpacked = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      unpacked += chunk.length;
      if (unpacked > options.maxArchiveBytes) return callback(options.refusal);
      callback(null, chunk);
    },
  });
  const hashed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      digest.update(chunk);
      callback(null, chunk);
    },
  });

  try {
    try {
      await pipeline(source, hashed, zlib.createGunzip({ chunkSize: 256 * 1024 }), cap, sink);
    } catch (error) {
      if (failure) throw failure;
      if (error instanceof PackageError) throw error;
      const zlibError = String((error as { code?: unknown } | null)?.code ?? '').startsWith('Z_');
      throw zlibError ? PackageError.upstreamFailed(label, error) : upstreamError(error, label);
    }
    await write;
    if (failure) throw failure;
    // Nothing of the archive is kept unless all of it is what the registry published.
    if (!digest.matches()) throw PackageError.upstreamFailed(label, 'the archive does not match the integrity digest its registry published');
    const file = found as EntryResult['file'];
    if (file) {
      await store.commit(staged, file.sha256Hex);
      await store.flushNames();
    }
    return { sizes, file };
  } finally {
    source.destroy();
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

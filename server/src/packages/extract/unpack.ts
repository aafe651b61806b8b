/**
 * Unpacking a package archive (gzip tar) that arrived whole, synchronously: run in an extraction thread
 * (`extractThread.ts`), never on a thread that serves requests. The archive's digest is checked first, then it
 * is inflated and parsed as one pass in memory, one file at a time: bytes are counted after decompression and
 * per file, so the unpacked size limit holds whatever the headers or the registry claim; an entry with `..`,
 * an absolute path, a link pointing outside or a device file refuses the whole archive. Each file is hashed
 * and written into a private staging folder (or kept in memory, while the disk refuses writes); the caller
 * moves them into the content store only when the whole archive passed.
 *
 * Why synchronous, in a thread: a package is often thousands of small files. Written from the serving thread
 * each took a stream, a pipeline and several trips through the thread pool (where the inflating queued behind
 * the writes); here a file costs its two system calls and its hash.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Gunzip } from 'minizlib';
import { Parser, type ReadEntry } from 'tar';
import { entryPath, linkTarget } from './entryPath.ts';
import type { ExpectedDigest } from './integrity.ts';

export interface UnpackJob {
  tgz: Uint8Array;
  /** The largest unpacked size, in bytes, of the files together. */
  limitBytes: number;
  expected: ExpectedDigest | null;
  /** Where each file is written (`0`, `1`, ...), or null to keep the bytes in memory instead. */
  staging: string | null;
}

export interface UnpackedFile {
  path: string;
  size: number;
  sha256Hex: string;
  time: string;
  /** The staged file holding its bytes; '' for a link to another file of the archive, or in memory. */
  staged: string;
}

/** Why an archive is refused: the caller turns these into the package layer's errors, with the archive's name. */
export type Refusal = { kind: 'unsafe'; detail: string } | { kind: 'too-big' } | { kind: 'corrupt' } | { kind: 'digest-mismatch' };

export type UnpackOutcome =
  | {
      ok: true;
      files: UnpackedFile[];
      /** `/package.json` parsed, when present, small enough and valid. */
      manifest: Record<string, unknown> | null;
      /** Without staging: each file's bytes by SHA-256 (hex). */
      contents: Map<string, Uint8Array> | null;
    }
  | { ok: false; refusal: Refusal }
  /** The local disk refused a write (full, read-only): told apart from the archive's faults. */
  | { ok: false; disk: { code: string; syscall: string; message: string } };

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const IGNORED_TYPES = new Set(['Directory', 'GNUDumpDir']);
const DEVICE_TYPES = new Set(['CharacterDevice', 'BlockDevice', 'FIFO']);
const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;

/** Tar headers and padding add to the files' bytes; beyond this much the archive is a bomb, not a package. */
export const streamCap = (limitBytes: number): number => limitBytes * 2 + 16 * 1024 * 1024;

/** Thrown inside the parse to stop it at once; caught below and returned as the outcome. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.kind);
  }
}

export function unpack(job: UnpackJob): UnpackOutcome {
  try {
    return unpackOrThrow(job);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    const { code, syscall } = error as NodeJS.ErrnoException;
    if (typeof code === 'string' && typeof syscall === 'string') return { ok: false, disk: { code, syscall, message: (error as Error).message } };
    throw error;
  }
}

function unpackOrThrow(job: UnpackJob): UnpackOutcome {
  const tgz = Buffer.from(job.tgz.buffer, job.tgz.byteOffset, job.tgz.byteLength);
  // Nothing of the archive is looked at unless all of it is what the registry published.
  if (job.expected && crypto.createHash(job.expected.algorithm).update(tgz).digest('base64') !== job.expected.base64) {
    throw new Refused({ kind: 'digest-mismatch' });
  }
  const cap = streamCap(job.limitBytes);
  if (tgz.length > cap) throw new Refused({ kind: 'too-big' });
  const files = new Map<string, UnpackedFile>();
  const links: Array<{ path: string; target: string }> = [];
  const contents = job.staging ? null : new Map<string, Uint8Array>();
  let manifestBytes: Buffer | null = null;
  let unpacked = 0;
  let fileNo = 0;

  const keep = (entry: ReadEntry, filePath: string): void => {
    const chunks: Buffer[] = [];
    const hash = crypto.createHash('sha256');
    let size = 0;
    entry.on('data', (chunk: Buffer) => {
      size += chunk.length;
      unpacked += chunk.length;
      // Real bytes, not the header's claim: a lying header cannot get past this.
      if (unpacked > job.limitBytes) throw new Refused({ kind: 'too-big' });
      hash.update(chunk);
      chunks.push(chunk);
    });
    entry.on('end', () => {
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      const sha256Hex = hash.digest('hex');
      let staged = '';
      if (job.staging) {
        staged = path.join(job.staging, String(fileNo++));
        fs.writeFileSync(staged, bytes);
      } else contents!.set(sha256Hex, bytes);
      if (filePath === '/package.json' && size <= MANIFEST_MAX_BYTES) manifestBytes = bytes;
      files.set(filePath, { path: filePath, size, sha256Hex, time: (entry.mtime ?? new Date(0)).toISOString(), staged });
    });
  };

  const onEntry = (entry: ReadEntry): void => {
    const verdict = entryPath(entry.path);
    if (!verdict.ok) throw new Refused({ kind: 'unsafe', detail: verdict.reason });
    const type = entry.type;
    if (DEVICE_TYPES.has(type)) throw new Refused({ kind: 'unsafe', detail: `a device file (${entry.path})` });
    if (type === 'SymbolicLink' || type === 'Link') {
      entry.resume();
      if (verdict.path === null) throw new Refused({ kind: 'unsafe', detail: `a link at the archive's root (${entry.path})` });
      const resolved = linkTarget(verdict.path, entry.linkpath ?? '', type === 'Link' ? 'hardlink' : 'symlink');
      if (!resolved.ok) throw new Refused({ kind: 'unsafe', detail: resolved.reason });
      if (resolved.path) links.push({ path: verdict.path, target: resolved.path });
      return;
    }
    if (IGNORED_TYPES.has(type) || verdict.path === null) return void entry.resume();
    if (!FILE_TYPES.has(type)) throw new Refused({ kind: 'unsafe', detail: `an entry of an unsupported type (${type}: ${entry.path})` });
    keep(entry, verdict.path);
  };

  const parser = new Parser({ strict: true, noResume: true, onReadEntry: onEntry });
  parser.on('error', (error: Error) => {
    throw error instanceof Refused ? error : new Refused({ kind: 'corrupt' });
  });
  let inflated = 0;
  const gunzip = new Gunzip({});
  gunzip.on('data', (chunk: Buffer) => {
    inflated += chunk.length;
    if (inflated > cap) throw new Refused({ kind: 'too-big' });
    parser.write(chunk);
  });
  gunzip.on('error', () => {
    throw new Refused({ kind: 'corrupt' });
  });
  try {
    gunzip.end(tgz);
    parser.end();
  } catch (error) {
    if (error instanceof Refused || (error as NodeJS.ErrnoException).syscall) throw error;
    // minizlib and tar throw their own errors for data that is not a gzip tar.
    throw new Refused({ kind: 'corrupt' });
  }

  for (const link of links) {
    const target = files.get(link.target);
    // Links to folders or to nothing are dropped: the CDN serves files.
    if (target && !files.has(link.path)) files.set(link.path, { ...target, path: link.path, staged: '' });
  }
  const sorted = [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, files: sorted, manifest: parseManifest(manifestBytes), contents };
}

function parseManifest(bytes: Buffer | null): Record<string, unknown> | null {
  if (!bytes) return null;
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

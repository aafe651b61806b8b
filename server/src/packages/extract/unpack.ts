/**
 * Unpacking a package archive (gzip tar), synchronously: run in a thread (`extractThread.ts` for an archive
 * that arrived whole, `streamThread.ts` for one read as it downloads), never on a thread that serves
 * requests. The archive is inflated and parsed in one pass, one file at a time, as its bytes come
 * (`Unpacker.write`): bytes are counted after decompression and per file, so the unpacked size limit holds
 * whatever the headers or the registry claim; an entry with `..`, an absolute path, a link pointing outside or
 * a device file refuses the whole archive. Each file is hashed and written into a private staging folder (or
 * kept in memory); the caller moves them into the content store only when the whole archive passed.
 *
 * The archive's digest is checked before anything else is judged: first thing for an archive that arrived
 * whole, over the same bytes and at the end for one read as it arrives. An archive that is not the one the
 * registry published is that and nothing more (a fault of the transfer is not remembered against the package
 * as an unsafe archive would be), and none of its files are used.
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

/** An archive that arrived whole: nothing of it is looked at unless all of it is what the registry published. */
export function unpack(job: UnpackJob): UnpackOutcome {
  const tgz = Buffer.from(job.tgz.buffer, job.tgz.byteOffset, job.tgz.byteLength);
  if (job.expected && crypto.createHash(job.expected.algorithm).update(tgz).digest('base64') !== job.expected.base64) {
    return { ok: false, refusal: { kind: 'digest-mismatch' } };
  }
  const unpacker = new Unpacker({ ...job, expected: null });
  unpacker.write(tgz);
  return unpacker.end();
}

/**
 * One archive unpacked as its bytes arrive. `onFile` is told of each file as soon as its entry has passed,
 * with its bytes (provisional: the archive may yet be refused, or hold the path again).
 */
export class Unpacker {
  private readonly files = new Map<string, UnpackedFile>();
  private readonly links: Array<{ path: string; target: string }> = [];
  private readonly contents: Map<string, Uint8Array> | null;
  private readonly digest: crypto.Hash | null;
  private readonly cap: number;
  private readonly gunzip = new Gunzip({});
  private readonly parser: Parser;
  private manifestBytes: Buffer | null = null;
  private received = 0;
  private inflated = 0;
  private unpacked = 0;
  private fileNo = 0;
  /** The first fault met: parsing stops there, the digest is still taken, and the end reports it. */
  private fault: Refused | NodeJS.ErrnoException | null = null;

  constructor(
    private readonly job: Omit<UnpackJob, 'tgz'>,
    private readonly onFile?: (file: UnpackedFile, bytes: Buffer) => void,
  ) {
    this.contents = job.staging ? null : new Map();
    this.digest = job.expected ? crypto.createHash(job.expected.algorithm) : null;
    this.cap = streamCap(job.limitBytes);
    this.parser = new Parser({ strict: true, noResume: true, onReadEntry: (entry) => this.onEntry(entry) });
    this.parser.on('error', (error: Error) => {
      throw error instanceof Refused ? error : new Refused({ kind: 'corrupt' });
    });
    this.gunzip.on('data', (chunk: Buffer) => {
      this.inflated += chunk.length;
      if (this.inflated > this.cap) throw new Refused({ kind: 'too-big' });
      this.parser.write(chunk);
    });
    this.gunzip.on('error', () => {
      throw new Refused({ kind: 'corrupt' });
    });
  }

  /** The next bytes of the archive. */
  write(chunk: Buffer): void {
    this.digest?.update(chunk);
    this.received += chunk.length;
    if (this.fault) return;
    if (this.received > this.cap) return void (this.fault = new Refused({ kind: 'too-big' }));
    this.guarded(() => this.gunzip.write(chunk));
  }

  /** The archive is complete: what it unpacked to, or why it is refused. */
  end(): UnpackOutcome {
    if (this.digest && this.digest.digest('base64') !== this.job.expected!.base64) return { ok: false, refusal: { kind: 'digest-mismatch' } };
    if (!this.fault) {
      this.guarded(() => {
        this.gunzip.end();
        this.parser.end();
      });
    }
    const fault = this.fault as Refused | NodeJS.ErrnoException | null;
    if (fault instanceof Refused) return { ok: false, refusal: fault.refusal };
    if (fault) return { ok: false, disk: { code: fault.code!, syscall: fault.syscall!, message: fault.message } };
    for (const link of this.links) {
      const target = this.files.get(link.target);
      // Links to folders or to nothing are dropped: the CDN serves files.
      if (target && !this.files.has(link.path)) this.files.set(link.path, { ...target, path: link.path, staged: '' });
    }
    const sorted = [...this.files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { ok: true, files: sorted, manifest: parseManifest(this.manifestBytes), contents: this.contents };
  }

  /** Runs a step of the parse, keeping the first refusal or disk error it meets. */
  private guarded(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (error instanceof Refused) this.fault = error;
      else if (typeof (error as NodeJS.ErrnoException).syscall === 'string' && typeof (error as NodeJS.ErrnoException).code === 'string') {
        this.fault = error as NodeJS.ErrnoException;
      }
      // minizlib and tar throw their own errors for data that is not a gzip tar.
      else this.fault = new Refused({ kind: 'corrupt' });
    }
  }

  private keep(entry: ReadEntry, filePath: string): void {
    const chunks: Buffer[] = [];
    const hash = crypto.createHash('sha256');
    let size = 0;
    entry.on('data', (chunk: Buffer) => {
      size += chunk.length;
      this.unpacked += chunk.length;
      // Real bytes, not the header's claim: a lying header cannot get past this.
      if (this.unpacked > this.job.limitBytes) throw new Refused({ kind: 'too-big' });
      hash.update(chunk);
      chunks.push(chunk);
    });
    entry.on('end', () => {
      const bytes = this.contents ? ownBuffer(chunks, size) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      const sha256Hex = hash.digest('hex');
      let staged = '';
      if (this.job.staging) {
        staged = path.join(this.job.staging, String(this.fileNo++));
        fs.writeFileSync(staged, bytes);
      } else this.contents!.set(sha256Hex, bytes);
      if (filePath === '/package.json' && size <= MANIFEST_MAX_BYTES) this.manifestBytes = bytes;
      const file = { path: filePath, size, sha256Hex, time: (entry.mtime ?? new Date(0)).toISOString(), staged };
      this.files.set(filePath, file);
      this.onFile?.(file, bytes);
    });
  }

  private onEntry(entry: ReadEntry): void {
    const verdict = entryPath(entry.path);
    if (!verdict.ok) throw new Refused({ kind: 'unsafe', detail: verdict.reason });
    const type = entry.type;
    if (DEVICE_TYPES.has(type)) throw new Refused({ kind: 'unsafe', detail: `a device file (${entry.path})` });
    if (type === 'SymbolicLink' || type === 'Link') {
      entry.resume();
      if (verdict.path === null) throw new Refused({ kind: 'unsafe', detail: `a link at the archive's root (${entry.path})` });
      const resolved = linkTarget(verdict.path, entry.linkpath ?? '', type === 'Link' ? 'hardlink' : 'symlink');
      if (!resolved.ok) throw new Refused({ kind: 'unsafe', detail: resolved.reason });
      if (resolved.path) this.links.push({ path: verdict.path, target: resolved.path });
      return;
    }
    if (IGNORED_TYPES.has(type) || verdict.path === null) return void entry.resume();
    if (!FILE_TYPES.has(type)) throw new Refused({ kind: 'unsafe', detail: `an entry of an unsupported type (${type}: ${entry.path})` });
    this.keep(entry, verdict.path);
  }
}

/**
 * A file's bytes in memory of their own. The inflated chunks are views of larger buffers, shared with the
 * next file's first bytes: kept as they are, a small file held for long would hold them all. Of their own,
 * they also pass to the serving thread without a copy (`transferables`).
 */
function ownBuffer(chunks: Buffer[], size: number): Buffer {
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(bytes, at);
  return bytes;
}

/** The memory of an outcome's files, each its own: posted in the transfer list, it moves instead of being copied. */
export function transferables(outcome: UnpackOutcome): ArrayBuffer[] {
  if (!outcome.ok || !outcome.contents) return [];
  return [...new Set([...outcome.contents.values()].map((bytes) => bytes.buffer as ArrayBuffer))];
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

/**
 * Writing a version's files into the content store, synchronously: run in the blob-writing thread
 * (`blobWriteThreads.ts`), never on a thread that serves requests. Each file is written whole into a private
 * staging folder and renamed to its blob path, as an extraction's staged files are; blobs are not flushed one
 * by one (crash recovery checks what a process wrote, see `crashRecovery.ts`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { blobPathIn } from './blobPaths.ts';

export interface BlobWriteJob {
  stagingDir: string;
  blobDir: string;
  /** Each file's bytes by SHA-256 (hex); the bytes were hashed when they were unpacked. */
  blobs: Array<{ sha256Hex: string; bytes: Uint8Array }>;
}

export type BlobWriteOutcome = { ok: true } | { ok: false; disk: { code: string; syscall: string; message: string } };

/** Blob folders known to exist: a folder is made once per thread, not once per file. */
const knownDirs = new Set<string>();

export function writeBlobs(job: BlobWriteJob): BlobWriteOutcome {
  const staging = path.join(job.stagingDir, `${process.pid}-${crypto.randomBytes(8).toString('hex')}`);
  try {
    fs.mkdirSync(staging, { recursive: true });
    job.blobs.forEach(({ sha256Hex, bytes }, i) => {
      const staged = path.join(staging, String(i));
      fs.writeFileSync(staged, bytes);
      const target = blobPathIn(job.blobDir, sha256Hex);
      const dir = path.dirname(target);
      if (!knownDirs.has(dir)) {
        fs.mkdirSync(dir, { recursive: true });
        knownDirs.add(dir);
      }
      fs.renameSync(staged, target);
    });
    return { ok: true };
  } catch (error) {
    const { code, syscall } = error as NodeJS.ErrnoException;
    if (typeof code === 'string' && typeof syscall === 'string') return { ok: false, disk: { code, syscall, message: (error as Error).message } };
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

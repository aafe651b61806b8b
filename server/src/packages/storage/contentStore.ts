/**
 * The content-addressed file store: every file is kept once, named by the SHA-256 of its content
 * (`blobs/ab/abcdef...`), whatever version or package it appears in. Files arrive through a staging folder and
 * are renamed into place, so a blob is either complete or absent while the machine runs; after a crash or a
 * power loss, the blobs written since are hashed again and the ones that do not match their name are dropped
 * (`crashRecovery.ts`), which is why an extraction need not flush each blob on its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { blobPathIn } from './blobPaths.ts';
import { blobWriteThreads } from './blobWriteThreads.ts';
import { type RecoveryReport, recoverAndRegister, removeOrphanStaging, unregister } from './crashRecovery.ts';
import { syncDir } from './durable.ts';
import { lockDraftsDir } from './extractionLock.ts';

export class ContentStore {
  readonly blobDir: string;
  readonly stagingDir: string;
  private readonly knownDirs = new Set<string>();
  private readonly renamedInto = new Set<string>();

  constructor(private readonly root: string) {
    this.blobDir = path.join(root, 'blobs');
    this.stagingDir = path.join(root, 'staging');
  }

  /**
   * Removes what a crashed process left (its staging folders and lock drafts; blobs and indexes it may have left half
   * written, see crashRecovery.ts) and registers this process; call once at start-up, before any extraction.
   */
  async init(): Promise<RecoveryReport> {
    await fs.mkdir(this.stagingDir, { recursive: true });
    await fs.mkdir(this.blobDir, { recursive: true });
    await removeOrphanStaging(this.stagingDir);
    // A lock's draft is named like a staging folder: a process killed between writing and linking it left it.
    await removeOrphanStaging(lockDraftsDir(this.root));
    return recoverAndRegister(this.root, this.blobDir);
  }

  /** The store was used to the end: the next start need not check what this process wrote. */
  async close(): Promise<void> {
    await unregister(this.root);
  }

  /** Absolute path of a blob, from its SHA-256 in hex. */
  blobPath(sha256Hex: string): string {
    return blobPathIn(this.blobDir, sha256Hex);
  }

  /** A fresh private folder for one extraction. */
  async createStaging(): Promise<string> {
    const dir = path.join(this.stagingDir, `${process.pid}-${crypto.randomBytes(8).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true });
    return dir;
  }

  /**
   * Moves a staged file, written whole, to its blob path. When that content is already stored the rename
   * replaces it with the same bytes: readers holding the old file keep reading it, new ones get the new one.
   */
  async commit(stagedFile: string, sha256Hex: string): Promise<void> {
    const target = this.blobPath(sha256Hex);
    const dir = path.dirname(target);
    if (!this.knownDirs.has(dir)) {
      await fs.mkdir(dir, { recursive: true });
      this.knownDirs.add(dir);
    }
    await fs.rename(stagedFile, target);
    this.renamedInto.add(dir);
  }

  /**
   * Stores bytes that arrived whole (from the shared bucket) under their SHA-256, through the same staging,
   * flush and rename as an extraction; refuses bytes that do not hash to the name they came under.
   */
  async put(sha256Hex: string, bytes: Buffer): Promise<void> {
    if (crypto.createHash('sha256').update(bytes).digest('hex') !== sha256Hex) throw new Error(`Content does not match its SHA-256 ${sha256Hex}`);
    const staged = path.join(this.stagingDir, `${process.pid}-${crypto.randomBytes(8).toString('hex')}.blob`);
    try {
      await fs.writeFile(staged, bytes, { flush: true });
      await this.commit(staged, sha256Hex);
    } catch (error) {
      await fs.rm(staged, { force: true });
      throw error;
    }
  }

  /**
   * Stores the files of a version unpacked in memory, in the blob-writing thread (the serving thread's file
   * calls stay free for requests). The bytes were hashed as they were unpacked. A refusal of the disk is thrown
   * as the file system's error.
   */
  async putHashed(blobs: ReadonlyMap<string, Uint8Array>): Promise<void> {
    const outcome = await blobWriteThreads().run({
      stagingDir: this.stagingDir,
      blobDir: this.blobDir,
      blobs: [...blobs].map(([sha256Hex, bytes]) => ({ sha256Hex, bytes })),
    });
    if (!outcome.ok) throw Object.assign(new Error(outcome.disk.message), { code: outcome.disk.code, syscall: outcome.disk.syscall });
  }

  /** Flushes the folders blobs were renamed into since the last call: after it, the new names survive a power loss. */
  async flushNames(): Promise<void> {
    const dirs = [...this.renamedInto];
    this.renamedInto.clear();
    await Promise.all(dirs.map(syncDir));
  }
}

/**
 * Failures of the local file cache's disk (full, read-only, no permission, failing): told apart from upstream
 * trouble, logged once, and remembered for a short while, so that the requests that follow do not each try a
 * disk that just refused (and each download a tarball it cannot store). Once the time is up, the next write
 * tries again: space may have been freed.
 */
import { PackageError } from '../types.ts';

const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO']);

/** An error of the local file system (not of a socket) that says the cache cannot be written to. */
export function isLocalWriteError(error: unknown): error is NodeJS.ErrnoException {
  if (typeof error !== 'object' || error === null) return false;
  const { code, syscall } = error as NodeJS.ErrnoException;
  return typeof code === 'string' && DISK_CODES.has(code) && syscall !== 'connect';
}

export interface LocalWritesOptions {
  /** How long a failure is remembered (default 30 s). */
  rememberMs?: number;
  /** Told of each failure that starts a period of remembering (not of the refusals during it). */
  onFailure?: (error: NodeJS.ErrnoException, key: string) => void;
  now?: () => number;
}

export class LocalWrites {
  private failure: { error: NodeJS.ErrnoException; at: number } | null = null;
  private readonly rememberMs: number;
  private readonly now: () => number;

  constructor(private readonly options: LocalWritesOptions = {}) {
    this.rememberMs = options.rememberMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** The failure still remembered, or null when writes may be tried. */
  failing(): NodeJS.ErrnoException | null {
    if (this.failure && this.now() - this.failure.at < this.rememberMs) return this.failure.error;
    this.failure = null;
    return null;
  }

  /** Records a failed write of the version `key`. */
  failed(error: NodeJS.ErrnoException, key: string): void {
    const known = this.failing() !== null;
    this.failure = { error, at: this.now() };
    if (!known) this.options.onFailure?.(error, key);
  }

  /** What a request gets when a version must be stored on a disk that refuses: a 503, not the upstream's fault. */
  static unavailable(label: string): PackageError {
    return new PackageError(503, `The file cache cannot store ${label} at the moment; try again shortly.`);
  }
}

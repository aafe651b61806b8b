/**
 * Refusals of versions for their content (an unsafe archive, over the size limit), recorded on disk beside the
 * indexes, so that every store and every process sharing the folder refuses the version without downloading it
 * again. A record holds for its time to live; a size refusal holds while the limit is not raised; a purge of
 * the package forgets them all.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { PackageError } from '../types.ts';
import { writeFileDurable } from './durable.ts';
import { indexPath } from './versionIndex.ts';

interface RefusalRecord {
  key: string;
  message: string;
  at: number;
  /** The size limit a size refusal was made under; null for other refusals. */
  sizeLimit: number | null;
}

export interface RecordedRefusalsOptions {
  root: string;
  ttlMs: number;
  /** The size limit of a version, by key. */
  limitOf: (key: string) => number;
}

/** `<root>/refused/versions/npm/<name>/<version>.json`: one folder per package, so a purge drops them together. */
const refusalPath = (root: string, key: string): string => indexPath(path.join(root, 'refused'), key);

export class RecordedRefusals {
  /** When the refusals of a package were last forgotten, by key prefix. */
  private readonly forgotten = new LRUCache<string, number>({ max: 10_000 });

  constructor(private readonly options: RecordedRefusalsOptions) {}

  /** A refusal another store or process recorded, still in force. */
  async read(key: string): Promise<PackageError | null> {
    let record: RefusalRecord;
    try {
      record = JSON.parse(await fs.readFile(refusalPath(this.options.root, key), 'utf8')) as RefusalRecord;
    } catch {
      return null;
    }
    if (record.key !== key || Date.now() - record.at > this.options.ttlMs || typeof record.message !== 'string') return null;
    // Forgotten (a purge) while its file was being removed.
    if (record.at <= (this.forgotten.get(`${key.slice(0, key.lastIndexOf('/'))}/`) ?? 0)) return null;
    // A size refusal made under a lower limit than today's no longer holds.
    if (record.sizeLimit !== null && record.sizeLimit < this.options.limitOf(key)) return null;
    return new PackageError(403, record.message);
  }

  async record(key: string, error: PackageError): Promise<void> {
    const record: RefusalRecord = {
      key,
      message: error.message,
      at: Date.now(),
      sizeLimit: error.message.startsWith('Package size exceeded') ? this.options.limitOf(key) : null,
    };
    await writeFileDurable(refusalPath(this.options.root, key), JSON.stringify(record)).catch(() => undefined);
  }

  /** Forgets the records of keys with this prefix (`npm/<name>/`). */
  forget(prefix: string): void {
    this.forgotten.set(prefix, Date.now());
    void fs.rm(path.dirname(refusalPath(this.options.root, `${prefix}x`)), { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * The persistent copy of upstream documents, so that a restart while the upstream is down still resolves
 * tags and ranges. One JSON file per key, named by the key's SHA-256, written atomically and flushed
 * (temporary file, fsync, rename): a crash or a power loss leaves either the old copy or the new one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileDurable } from '../storage/durable.ts';

export interface StoredDocument<T> {
  key: string;
  fetchedAt: number;
  value: T;
}

export interface DiskDocuments<T> {
  load(key: string): Promise<StoredDocument<T> | null>;
  save(key: string, fetchedAt: number, value: T): Promise<void>;
}

export const writeFileAtomic = writeFileDurable;

export function createDiskDocuments<T>(dir: string): DiskDocuments<T> {
  const fileOf = (key: string): string => {
    const hash = crypto.createHash('sha256').update(key).digest('hex');
    return path.join(dir, hash.slice(0, 2), `${hash}.json`);
  };
  const writing = new Map<string, Promise<void>>();
  return {
    async load(key) {
      let text: string;
      try {
        text = await fs.readFile(fileOf(key), 'utf8');
      } catch {
        return null;
      }
      try {
        const stored = JSON.parse(text) as StoredDocument<T>;
        // A hash collision or a foreign file is not our document.
        return stored && stored.key === key && typeof stored.fetchedAt === 'number' ? stored : null;
      } catch {
        return null;
      }
    },
    save(key, fetchedAt, value) {
      // Saves of one key run in order: a flushed write takes long enough for a newer one to overtake it.
      const file = fileOf(key);
      const data = JSON.stringify({ key, fetchedAt, value } satisfies StoredDocument<T>);
      const saved = (writing.get(file) ?? Promise.resolve()).catch(() => undefined).then(() => writeFileAtomic(file, data));
      writing.set(file, saved);
      void saved.finally(() => writing.get(file) === saved && writing.delete(file)).catch(() => undefined);
      return saved;
    },
  };
}

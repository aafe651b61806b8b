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

/**
 * How a kind of document is written and read. By default both happen on the calling thread; a kind whose
 * documents can take megabytes (npm packages of thousands of versions) has them done in a thread instead.
 */
export interface DiskForm<T> {
  /** The value as JSON (its UTF-8 bytes, or a string). */
  json(value: T): Uint8Array | string;
  /** The stored document of `key` in `file` (`size` bytes), its JSON parsed; throws when it cannot be read. */
  read(file: string, size: number, key: string): Promise<unknown>;
}

export const writeFileAtomic = writeFileDurable;

/** The default: JSON written and read on the calling thread. */
const jsonHere: DiskForm<unknown> = {
  json: (value) => JSON.stringify(value),
  read: async (file) => JSON.parse(await fs.readFile(file, 'utf8')),
};

/** The stored document's bytes, with the value's JSON put in as it is (not parsed and written again). */
function storedBytes(key: string, fetchedAt: number, valueJson: Uint8Array | string): Buffer | string {
  const head = `{"key":${JSON.stringify(key)},"fetchedAt":${JSON.stringify(fetchedAt)},"value":`;
  if (typeof valueJson === 'string') return `${head}${valueJson}}`;
  return Buffer.concat([Buffer.from(head), valueJson, Buffer.from('}')]);
}

export function createDiskDocuments<T>(dir: string, form: DiskForm<T> = jsonHere): DiskDocuments<T> {
  const fileOf = (key: string): string => {
    const hash = crypto.createHash('sha256').update(key).digest('hex');
    return path.join(dir, hash.slice(0, 2), `${hash}.json`);
  };
  const writing = new Map<string, Promise<void>>();
  return {
    async load(key) {
      const file = fileOf(key);
      let stored: Partial<StoredDocument<T>> | null;
      try {
        stored = (await form.read(file, (await fs.stat(file)).size, key)) as Partial<StoredDocument<T>> | null;
      } catch {
        // Missing, unreadable or not JSON: there is no copy to answer from.
        return null;
      }
      // A hash collision or a foreign file is not our document.
      return stored && stored.key === key && typeof stored.fetchedAt === 'number' ? (stored as StoredDocument<T>) : null;
    },
    save(key, fetchedAt, value) {
      // Saves of one key run in order: a flushed write takes long enough for a newer one to overtake it.
      const file = fileOf(key);
      const data = storedBytes(key, fetchedAt, form.json(value));
      const saved = (writing.get(file) ?? Promise.resolve()).catch(() => undefined).then(() => writeFileAtomic(file, data));
      writing.set(file, saved);
      void saved.finally(() => writing.get(file) === saved && writing.delete(file)).catch(() => undefined);
      return saved;
    },
  };
}

/**
 * The persistent copy of upstream documents, so that a restart while the upstream is down still resolves
 * tags and ranges. One JSON file per key, named by the key's SHA-256, written atomically (temporary file,
 * then rename): a crash leaves either the old copy or the new one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredDocument<T> {
  key: string;
  fetchedAt: number;
  value: T;
}

export interface DiskDocuments<T> {
  load(key: string): Promise<StoredDocument<T> | null>;
  save(key: string, fetchedAt: number, value: T): Promise<void>;
}

export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

export function createDiskDocuments<T>(dir: string): DiskDocuments<T> {
  const fileOf = (key: string): string => {
    const hash = crypto.createHash('sha256').update(key).digest('hex');
    return path.join(dir, hash.slice(0, 2), `${hash}.json`);
  };
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
    async save(key, fetchedAt, value) {
      await writeFileAtomic(fileOf(key), JSON.stringify({ key, fetchedAt, value } satisfies StoredDocument<T>));
    },
  };
}

/**
 * Files the CDN generates (compressed variants, minified files and their source maps, combined files):
 * built once per key, however many requests ask at the same time, written to disk atomically and flushed (a
 * power loss leaves a part whole or absent, and the sidecar is written after its parts), and served
 * from there afterwards. A small sidecar records each part's size and SHA-256; it is read once per process
 * and then kept in memory, so serving an artifact costs no hashing and no JSON parsing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { RECHECK_AFTER_MS, TOUCH_INTERVAL_MS, processUses } from '../../packages/storage/diskBudget.ts';
import { writeFileDurable } from '../../packages/storage/durable.ts';
import { keptString } from '../../packages/storage/keptStrings.ts';
import { SingleFlight } from './singleFlight.ts';
import { lruMemoryUse, type MemoryUse } from '../../config/memoryCaches.ts';

export interface Artifact {
  diskPath: string;
  size: number;
  /** SHA-256 of the content, base64. */
  sha256: string;
  /** The content in memory, when the file cache could not store it (then `diskPath` may not exist). */
  content?: Buffer;
  /** The content is provisional until this resolves (`StoredFile.pending`). */
  pending?: Promise<void>;
}

export type ArtifactSet = Record<string, Artifact>;

export interface ArtifactStoreOptions {
  dir: string;
  /** Told of each lookup: hit when the artifact already existed (in memory or on disk). */
  onLookup?: (namespace: string, hit: boolean) => void;
  /** Memory for the records of the artifacts looked up, bytes (default 16 MB). */
  maxMemoryBytes?: number;
}

interface KnownSet {
  set: ArtifactSet;
  sidecar: string;
  usedAt: number;
}

/**
 * About what a record takes in memory, bytes: its objects, the strings of its id, sidecar and part paths, and the
 * content of a part kept in memory. A record had been counted as one entry of 50,000 whatever it held: they took
 * 14 MB outside the memory budget after 14 minutes of the long-tail soak, and were still growing.
 */
function recordBytes(entry: KnownSet, id: string): number {
  let bytes = 200 + id.length + entry.sidecar.length;
  for (const part of Object.values(entry.set)) bytes += 150 + part.diskPath.length + (part.content?.length ?? 0);
  return bytes;
}

interface Sidecar {
  parts: Record<string, { size: number; sha256: string }>;
}

export class ArtifactStore {
  private readonly known: LRUCache<string, KnownSet>;
  private readonly flights = new SingleFlight<ArtifactSet>();

  constructor(private readonly options: ArtifactStoreOptions) {
    this.known = new LRUCache({ maxSize: options.maxMemoryBytes ?? 16 * 1024 * 1024, sizeCalculation: recordBytes });
  }

  /** Bytes the records in memory take, and their budget. */
  memoryBytes(): MemoryUse {
    return lruMemoryUse(this.known);
  }

  /** Returns the parts stored under (namespace, key), building and storing them first if needed. */
  async get(namespace: string, key: string, build: () => Promise<Record<string, Buffer>>): Promise<ArtifactSet> {
    const id = `${namespace}:${key}`;
    const cached = this.known.get(id);
    // Not served here for long: the disk budget may have removed it since, so the disk is asked again.
    if (cached && Date.now() - cached.usedAt < RECHECK_AFTER_MS) {
      if (Date.now() - cached.usedAt > TOUCH_INTERVAL_MS / 2) {
        cached.usedAt = Date.now();
        processUses.use(cached.sidecar);
      }
      this.options.onLookup?.(namespace, true);
      return cached.set;
    }
    return this.flights.run(id, async () => {
      const base = this.basePath(namespace, key);
      const fromDisk = await this.readSidecar(base);
      this.options.onLookup?.(namespace, fromDisk !== null);
      const set = fromDisk ?? (await this.write(base, await build()));
      // Read from disk to be served from memory: its use is recorded at once (see processUses.useNow).
      if (fromDisk) await processUses.useNow(`${base}.json`);
      else processUses.use(`${base}.json`);
      this.known.set(keptString(id), { set, sidecar: keptString(`${base}.json`), usedAt: Date.now() });
      return set;
    });
  }

  /** The parts stored under (namespace, key) on disk, or null: for a caller that must see what another process wrote since. */
  async read(namespace: string, key: string): Promise<ArtifactSet | null> {
    return this.readSidecar(this.basePath(namespace, key));
  }

  /**
   * A part is gone from disk (the disk budget took it after this process looked it up): the records in memory
   * that name it are dropped, so that the next lookup reads the sidecar again, or builds the parts anew.
   */
  vanished(diskPath: string): void {
    for (const [id, entry] of [...this.known.entries()]) {
      if (Object.values(entry.set).some((part) => part.diskPath === diskPath)) this.known.delete(id);
    }
  }

  private basePath(namespace: string, key: string): string {
    const hash = crypto.createHash('sha256').update(key).digest('hex');
    return path.join(this.options.dir, namespace, hash.slice(0, 2), hash);
  }

  /**
   * The parts a sidecar names, or null when it is absent or any part is missing or of another size: the disk
   * budget removes a group sidecar first, but a sweep that met a group mid-write may have taken parts written
   * before the sidecar was. Then the parts are built again rather than served as missing.
   */
  private async readSidecar(base: string): Promise<ArtifactSet | null> {
    try {
      const sidecar = JSON.parse(await fs.readFile(`${base}.json`, 'utf8')) as Sidecar;
      const set: ArtifactSet = {};
      for (const [part, info] of Object.entries(sidecar.parts)) set[part] = { diskPath: keptString(`${base}.${part}`), ...info };
      const sizes = await Promise.all(
        Object.values(set).map((part) =>
          fs.stat(part.diskPath).then(
            (stat) => stat.size,
            () => -1,
          ),
        ),
      );
      return Object.values(set).every((part, i) => sizes[i] === part.size) ? set : null;
    } catch {
      return null;
    }
  }

  private async write(base: string, parts: Record<string, Buffer>): Promise<ArtifactSet> {
    const set: ArtifactSet = {};
    const sidecar: Sidecar = { parts: {} };
    for (const [part, content] of Object.entries(parts)) {
      const diskPath = keptString(`${base}.${part}`);
      await writeFileDurable(diskPath, content);
      const info = { size: content.length, sha256: crypto.createHash('sha256').update(content).digest('base64') };
      sidecar.parts[part] = info;
      set[part] = { diskPath, ...info };
    }
    // The sidecar goes last: when it exists, every part it names is complete.
    await writeFileDurable(`${base}.json`, JSON.stringify(sidecar));
    processUses.wrote(Object.values(parts).reduce((sum, content) => sum + content.length, 0));
    return set;
  }
}

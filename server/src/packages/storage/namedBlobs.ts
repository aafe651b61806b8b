/**
 * The blobs each version index names, for the sweep (`sweepFiles.ts`), remembered from one sweep to the next.
 *
 * An index is written once and renamed into place (a version extracted again is a new file), and only its time
 * changes with its uses, so it is known by path, inode and size, and read again only when one of those changed:
 * a sweep that read every index, thousands of JSON files, took as long again each time.
 *
 * What is remembered is the sweep thread's memory between sweeps, one entry per blob of the cache, so it is
 * kept compact: a version's hashes end to end in one buffer, 32 bytes each, and its sizes in one typed array. As an
 * object and a string per blob, the sweep thread held 100 to 190 MB through the eviction of a 3 GB cache of
 * 200,000 files; as one string of hex digits per version, 13 MB for 200,000 blobs.
 */
import fs from 'node:fs';
import { HASH_BYTES } from './blobTable.ts';

/** Hex digits of a blob's name (its SHA-256). */
export const HEX_LENGTH = 2 * HASH_BYTES;

/** The distinct blobs an index names: hash `i` is `hashes[i * 32 .. i * 32 + 32]`, its stated size `sizes[i]`. */
export interface NamedBlobs {
  readonly hashes: Buffer;
  /** NaN where the index states no size. */
  readonly sizes: Float64Array;
}

/** An index file as the scan found it. */
export interface IndexFile {
  file: string;
  size: number;
  ino: number;
}

const NONE: NamedBlobs = { hashes: Buffer.alloc(0), sizes: new Float64Array(0) };

export function namedCount(blobs: NamedBlobs): number {
  return blobs.sizes.length;
}

/** Reads the blobs an index names; null when it is gone or not whole JSON. */
function readNamedBlobs(file: string): NamedBlobs | null {
  let parsed: { files?: Array<{ sha256Hex?: unknown; size?: unknown }> } | null;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof parsed;
  } catch {
    return null;
  }
  const stated = new Map<string, number>();
  for (const entry of parsed?.files ?? []) {
    const hex = entry.sha256Hex;
    // A blob's name is its hash; anything else names no file a sweep could count or remove.
    if (typeof hex !== 'string' || hex.length !== HEX_LENGTH) continue;
    stated.set(hex, typeof entry.size === 'number' ? entry.size : NaN);
  }
  const hashes = Buffer.alloc(stated.size * HASH_BYTES);
  const sizes: number[] = [];
  for (const [hex, size] of stated) {
    // Hex digits only (the write stops short at anything else, and the next hash takes the place).
    if (hashes.write(hex, sizes.length * HASH_BYTES, HASH_BYTES, 'hex') !== HASH_BYTES) continue;
    sizes.push(size);
  }
  return { hashes: hashes.subarray(0, sizes.length * HASH_BYTES), sizes: Float64Array.from(sizes) };
}

/**
 * Remembers the blobs of the indexes one sweep saw: `of` gives an index's, read from disk unless an index of the
 * same path, inode and size was read by the sweep before; `forgetOthers` then drops every index this sweep did
 * not see (removed, or replaced by a new file).
 */
export class NamedBlobsMemory {
  private before = new Map<string, NamedBlobs>();
  private seen = new Map<string, NamedBlobs>();

  /** The blobs `index` names; none when it went meanwhile or is not whole. */
  of(index: IndexFile): NamedBlobs {
    const id = `${index.file}\0${index.ino}\0${index.size}`;
    const blobs = this.before.get(id) ?? readNamedBlobs(index.file);
    // An index that could not be read is read again by the next sweep.
    if (!blobs) return NONE;
    this.seen.set(id, blobs);
    return blobs;
  }

  forgetOthers(): void {
    this.before = this.seen;
    this.seen = new Map();
  }
}

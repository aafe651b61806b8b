/**
 * The blobs each version index names, for the sweep (`sweepFiles.ts`), remembered from one sweep to the next.
 *
 * An index is written once and renamed into place (a version extracted again is a new file), and only its time
 * changes with its uses, so it is known by path, inode and size, and read again only when one of those changed:
 * a sweep that read every index, thousands of JSON files, took as long again each time.
 *
 * What is remembered is the sweep thread's memory between sweeps, one entry per blob of the cache, so it is
 * kept compact: a version's hashes end to end in one string and its sizes in one typed array. As an object and
 * a string per blob, the sweep thread held 100 to 190 MB through the eviction of a 3 GB cache of 200,000 files.
 */
import fs from 'node:fs';

/** Hex digits of a blob's name (its SHA-256). */
export const HEX_LENGTH = 64;

/** The distinct blobs an index names: hash `i` is `hexes.slice(i * 64, i * 64 + 64)`, its stated size `sizes[i]`. */
export interface NamedBlobs {
  readonly hexes: string;
  /** NaN where the index states no size. */
  readonly sizes: Float64Array;
}

/** An index file as the scan found it. */
export interface IndexFile {
  file: string;
  size: number;
  ino: number;
}

const NONE: NamedBlobs = { hexes: '', sizes: new Float64Array(0) };

export function namedCount(blobs: NamedBlobs): number {
  return blobs.sizes.length;
}

/** The `i`th hash (a slice of the version's string: it holds no copy of the digits). */
export function namedHex(blobs: NamedBlobs, i: number): string {
  return blobs.hexes.slice(i * HEX_LENGTH, (i + 1) * HEX_LENGTH);
}

/** Reads the blobs an index names; null when it is gone or not whole JSON. */
function readNamedBlobs(file: string): NamedBlobs | null {
  let parsed: { files?: Array<{ sha256Hex?: unknown; size?: unknown }> } | null;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof parsed;
  } catch {
    return null;
  }
  const sizes = new Map<string, number>();
  for (const entry of parsed?.files ?? []) {
    const hex = entry.sha256Hex;
    // A blob's name is its hash; anything else names no file a sweep could count or remove.
    if (typeof hex !== 'string' || hex.length !== HEX_LENGTH) continue;
    sizes.set(hex, typeof entry.size === 'number' ? entry.size : NaN);
  }
  return { hexes: [...sizes.keys()].join(''), sizes: Float64Array.from(sizes.values()) };
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

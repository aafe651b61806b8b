/**
 * The blobs one sweep knows of (`sweepFiles.ts`), by hash, in typed arrays: a number per blob where an object, a
 * 64-digit string and a map entry each had made a sweep of 200,000 blobs some 90 MB of the sweep thread's heap.
 * A blob is an entry number; its hash is 32 bytes of one buffer, found through an open-addressing table whose
 * slot is taken from the hash's first bytes (a SHA-256 is already evenly spread).
 */

/** Bytes of a blob's hash (SHA-256). */
export const HASH_BYTES = 32;

/** Entries are found in a table of at least twice as many slots. */
const LOAD = 0.5;

export class BlobTable {
  /** Entries so far: they are numbered 0 to count - 1, in the order they were added. */
  count = 0;
  private hashes: Uint8Array;
  /** How many indexes name each blob. */
  refs: Int32Array;
  /** The blob's size: an index's word, else its file's; NaN when not known. */
  sizes: Float64Array;
  /** The file's time, for a blob no index names (orphans go once old); NaN when not looked at. */
  mtimes: Float64Array;
  /** 1 when the blob is on disk as far as the sweep knows (listed in `blobs/`, and not removed since). */
  onDisk: Uint8Array;
  /** Entry number + 1 of each slot, 0 for an empty slot. */
  private slots: Int32Array;

  constructor(expected = 1024) {
    const capacity = Math.max(16, expected);
    this.hashes = new Uint8Array(capacity * HASH_BYTES);
    this.refs = new Int32Array(capacity);
    this.sizes = new Float64Array(capacity);
    this.mtimes = new Float64Array(capacity);
    this.onDisk = new Uint8Array(capacity);
    this.slots = new Int32Array(slotsFor(capacity));
  }

  /** The entry of the hash at `bytes[offset..offset + 32]`, or -1. */
  find(bytes: Uint8Array, offset: number): number {
    const mask = this.slots.length - 1;
    for (let slot = firstSlot(bytes, offset, mask); ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return -1;
      if (this.sameHash(held - 1, bytes, offset)) return held - 1;
    }
  }

  /** The entry of the hash at `bytes[offset..offset + 32]`, added (named by no index, of no known size) when new. */
  entry(bytes: Uint8Array, offset: number): number {
    const found = this.find(bytes, offset);
    if (found !== -1) return found;
    if (this.count === this.refs.length) this.grow();
    const entry = this.count++;
    this.hashes.set(bytes.subarray(offset, offset + HASH_BYTES), entry * HASH_BYTES);
    this.refs[entry] = 0;
    this.sizes[entry] = NaN;
    this.mtimes[entry] = NaN;
    this.onDisk[entry] = 0;
    this.place(entry);
    return entry;
  }

  /** The entry's hash in hex, its file's name. */
  hex(entry: number): string {
    return Buffer.from(this.hashes.buffer, this.hashes.byteOffset + entry * HASH_BYTES, HASH_BYTES).toString('hex');
  }

  private sameHash(entry: number, bytes: Uint8Array, offset: number): boolean {
    const at = entry * HASH_BYTES;
    for (let i = 0; i < HASH_BYTES; i++) if (this.hashes[at + i] !== bytes[offset + i]) return false;
    return true;
  }

  private place(entry: number): void {
    const mask = this.slots.length - 1;
    let slot = firstSlot(this.hashes, entry * HASH_BYTES, mask);
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry + 1;
  }

  private grow(): void {
    const capacity = this.refs.length * 2;
    const widen = <T extends Uint8Array | Int32Array | Float64Array>(old: T, make: (length: number) => T, per = 1): T => {
      const wider = make(capacity * per);
      wider.set(old);
      return wider;
    };
    this.hashes = widen(this.hashes, (n) => new Uint8Array(n), HASH_BYTES);
    this.refs = widen(this.refs, (n) => new Int32Array(n));
    this.sizes = widen(this.sizes, (n) => new Float64Array(n));
    this.mtimes = widen(this.mtimes, (n) => new Float64Array(n));
    this.onDisk = widen(this.onDisk, (n) => new Uint8Array(n));
    this.slots = new Int32Array(slotsFor(capacity));
    for (let entry = 0; entry < this.count; entry++) this.place(entry);
  }
}

/** A power of two at least 1 / LOAD times the entries. */
function slotsFor(capacity: number): number {
  let slots = 16;
  while (slots * LOAD < capacity) slots *= 2;
  return slots;
}

function firstSlot(bytes: Uint8Array, offset: number, mask: number): number {
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) & mask;
}

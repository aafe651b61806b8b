import path from 'node:path';

/** A blob's path in the store's blob folder, from its SHA-256 in hex: `ab/cdef...`. */
export const blobPathIn = (blobDir: string, sha256Hex: string): string => path.join(blobDir, sha256Hex.slice(0, 2), sha256Hex.slice(2));

/** The SHA-256 (base64, as file entries carry it) of the blob at `blobPath`, from its last two segments. */
export const blobHashOf = (blobPath: string): string =>
  Buffer.from(`${path.basename(path.dirname(blobPath))}${path.basename(blobPath)}`, 'hex').toString('base64');

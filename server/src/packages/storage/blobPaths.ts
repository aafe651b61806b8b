import path from 'node:path';

/** A blob's path in the store's blob folder, from its SHA-256 in hex: `ab/cdef...`. */
export const blobPathIn = (blobDir: string, sha256Hex: string): string => path.join(blobDir, sha256Hex.slice(0, 2), sha256Hex.slice(2));

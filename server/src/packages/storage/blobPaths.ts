import path from 'node:path';
import { keptString } from './keptStrings.ts';

/**
 * A blob's path in the store's blob folder, from its SHA-256 in hex: `ab/cdef...`. In one piece: the loaded
 * versions keep the path of every file served (`versionIndex.ts`).
 */
export const blobPathIn = (blobDir: string, sha256Hex: string): string => keptString(path.join(blobDir, sha256Hex.slice(0, 2), sha256Hex.slice(2)));

/** The SHA-256 (base64, as file entries carry it) of the blob at `blobPath`, from its last two segments. */
export const blobHashOf = (blobPath: string): string =>
  Buffer.from(`${path.basename(path.dirname(blobPath))}${path.basename(blobPath)}`, 'hex').toString('base64');

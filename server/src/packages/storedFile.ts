import fs from 'node:fs/promises';

/**
 * The bytes of a stored file: from memory when it is held there (a version answered while its files are
 * written behind, or one the disk refused), else from its path in the cache. Every reader of a package's
 * files goes through this, so that none of them misses a file that is not on the disk yet.
 */
export function readStored(file: { diskPath: string; content?: Buffer | undefined }): Promise<Buffer> {
  return file.content ? Promise.resolve(file.content) : fs.readFile(file.diskPath);
}

/** The same, as UTF-8 text. */
export async function readStoredText(file: { diskPath: string; content?: Buffer | undefined }): Promise<string> {
  return (await readStored(file)).toString('utf8');
}

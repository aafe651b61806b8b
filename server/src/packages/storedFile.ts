import fs from 'node:fs/promises';

/** A file as readers need it: its bytes in memory, or its path in the cache. */
export interface ReadableFile {
  diskPath: string;
  content?: Buffer | undefined;
  /**
   * How to have the file again when its cache copy went between its lookup and its read (the disk budget took
   * it): looked up once more, which extracts its version again. Only where a whole piece of work would be
   * lost to one missing file (a module build); elsewhere the request is answered again instead.
   */
  again?: () => Promise<ReadableFile | null>;
}

/**
 * The bytes of a stored file: from memory when it is held there (a version answered while its files are
 * written behind, or one the disk refused), else from its path in the cache. Every reader of a package's
 * files goes through this, so that none of them misses a file that is not on the disk yet.
 */
export async function readStored(file: ReadableFile): Promise<Buffer> {
  if (file.content) return file.content;
  try {
    return await fs.readFile(file.diskPath);
  } catch (error) {
    if (!file.again || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const found = await file.again();
    if (!found) throw error;
    return readStored({ diskPath: found.diskPath, content: found.content });
  }
}

/** The same, as UTF-8 text. */
export async function readStoredText(file: ReadableFile): Promise<string> {
  return (await readStored(file)).toString('utf8');
}

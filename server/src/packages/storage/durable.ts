/**
 * Writes that survive a crash or a power loss: the data is flushed to the disk before the file takes its
 * final name, and the folder is flushed after the rename, so a name that exists after a restart names the
 * whole content (a rename alone can leave an empty file under its final name when the power goes).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Flushes a folder's entries (the names renamed into it); a no-op where folders cannot be opened (Windows). */
export async function syncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(dir, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } catch {
    /* some file systems refuse fsync on folders: the rename is as durable as they make it */
  } finally {
    await handle.close();
  }
}

/** Writes `data` to a temporary name, flushes it, renames it to `file` and flushes the folder. */
export async function writeFileDurable(file: string, data: string | Buffer): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await fs.open(tmp, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

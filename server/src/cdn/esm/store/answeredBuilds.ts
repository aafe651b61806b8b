/**
 * What a key's request answered, kept on this origin's disk beside the builds: the kept build's files, the file
 * built, its declarations and its names, by module URL (which names the generation). A request whose key was
 * answered before, in this process after its memory let it go or in another process of the origin (one started
 * since, one restarted after a crash), answers from it without reading the version's files.
 *
 * Why: the version's files are in the file cache, which its budget empties, and finding what a key builds reads
 * them (its entry, the version's shared modules). A request for a build made long ago then waited for the whole
 * version to be downloaded and unpacked again, to answer with a file that never left the disk: under the
 * long-tail soak's eviction phase that was seconds for one `+esm` request in a hundred.
 *
 * An answer is trusted for ANSWER_TRUST_MS: the declarations (`types`) are a package's own or its `@types`
 * package's, which may be published after the answer was. Past it, or when one of its files is not on the disk
 * as recorded, the request goes the whole way and the answer is written again. Answers whose build is held in
 * memory only (the disk refused it) are not written. Writes are a draft renamed into place, and a file that does
 * not parse is no answer: nothing here is flushed, as nothing here is more than a shortcut.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Artifact } from '../../derived/artifactStore.ts';

/** How long an answer is used before the request goes the whole way again (and writes it anew). */
export const ANSWER_TRUST_MS = 24 * 60 * 60_000;

/** A build that answers (`EsmBuilds.get`): kept in memory, and here on the disk. */
export interface ReadyBuild {
  ok: true;
  code: Artifact;
  map: Artifact;
  entry: string;
  /** Root-relative URL of the declarations (the package's own, or its `@types` package's), or null. */
  types: string | null;
  exports: string[];
  /**
   * The subpath whose URL is this file's module, when the URL asked for is another name of the file in a
   * version whose every file is a module of its own (`/Map` of `/Map.js`): the answer re-exports that URL.
   */
  alias?: string;
}

interface AnswerRecord {
  url: string;
  savedAtMs: number;
  build: ReadyBuild;
}

const onDisk = (artifact: Artifact): Artifact => ({ diskPath: artifact.diskPath, size: artifact.size, sha256: artifact.sha256 });

async function isWhole(artifact: Artifact): Promise<boolean> {
  const info = await fs.stat(artifact.diskPath).catch(() => null);
  return info !== null && info.isFile() && info.size === artifact.size;
}

export class AnsweredBuilds {
  constructor(private readonly dir: string) {}

  private fileOf(url: string): string {
    const hex = crypto.createHash('sha256').update(url).digest('hex');
    return path.join(this.dir, hex.slice(0, 2), `${hex.slice(2)}.json`);
  }

  /** The answer recorded for `url`, or null: none, too old, not whole, or its build's files are not on the disk. */
  async get(url: string, now = Date.now()): Promise<ReadyBuild | null> {
    let record: AnswerRecord;
    try {
      record = JSON.parse(await fs.readFile(this.fileOf(url), 'utf8')) as AnswerRecord;
    } catch {
      return null;
    }
    if (record?.url !== url || typeof record.savedAtMs !== 'number' || now - record.savedAtMs > ANSWER_TRUST_MS) return null;
    const build = record.build;
    if (build?.ok !== true || !build.code?.diskPath || !build.map?.diskPath || !Array.isArray(build.exports)) return null;
    if (!(await isWhole(build.code)) || !(await isWhole(build.map))) return null;
    return build;
  }

  /** Records what `url` answered, in the background; a failed write leaves the next request the whole way. */
  remember(url: string, build: ReadyBuild): void {
    if (build.code.content || build.map.content) return;
    const record: AnswerRecord = { url, savedAtMs: Date.now(), build: { ...build, code: onDisk(build.code), map: onDisk(build.map) } };
    void this.write(this.fileOf(url), JSON.stringify(record)).catch(() => undefined);
  }

  private async write(file: string, text: string): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.draft`;
    try {
      await fs.writeFile(draft, text);
      await fs.rename(draft, file);
    } finally {
      await fs.rm(draft, { force: true });
    }
  }
}

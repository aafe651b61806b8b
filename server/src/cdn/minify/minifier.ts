/**
 * Generated minified files: built once per (package, version, file, content), in the minifying threads
 * (MinifyPool), and kept on disk beside the other generated artifacts; concurrent first requests share one
 * build. A file that could not be minified in time is remembered for a while, so it does not take a thread
 * for the whole time limit again on every request.
 */
import type { PackageRef, StoredFile } from '../../packages/types.ts';
import type { ArtifactStore, Artifact } from '../derived/artifactStore.ts';
import { baseName, type GeneratedTarget } from './generatedNames.ts';
import { LRUCache } from 'lru-cache';
import { PackageError } from '../../packages/types.ts';
import type { MinifyPool } from './minifyPool.ts';
import { readStored } from '../../packages/storedFile.ts';

export interface MinifiedFile {
  code: Artifact;
  map: Artifact | null;
}

export class Minifier {
  private readonly failures = new LRUCache<string, PackageError>({ max: 10_000, ttl: 10 * 60_000 });

  constructor(
    private readonly artifacts: ArtifactStore,
    private readonly websiteUrl: string,
    private readonly pool: MinifyPool,
  ) {}

  /** The minified file, made on `client`'s account if it is not made yet (simultaneous requests share it). */
  async get(ref: PackageRef, version: string, target: GeneratedTarget, source: StoredFile, client = ''): Promise<MinifiedFile> {
    return this.getFor(`/${ref.type}/${ref.name}@${version}${target.sourcePath}`, target, source, client);
  }

  /** The same for a source known by its CDN URL alone (`originalUrl`, named in the banner): WordPress files. */
  async getFor(originalUrl: string, target: GeneratedTarget, source: Pick<StoredFile, 'diskPath' | 'sha256' | 'content'>, client = ''): Promise<MinifiedFile> {
    const key = `${originalUrl}\n${source.sha256}`;
    const failed = this.failures.get(key);
    if (failed) throw failed;
    const set = await this.artifacts
      .get('min', key, async (): Promise<Record<string, Buffer>> => {
        const output = await this.pool.minify(
          {
            kind: target.kind,
            source: await readStored(source),
            sourceName: baseName(target.sourcePath),
            minifiedName: baseName(target.minifiedPath),
            originalUrl,
            websiteUrl: this.websiteUrl,
          },
          client,
        );
        return output.map ? { code: output.code, map: output.map } : { code: output.code };
      })
      .catch((error: unknown) => {
        if (error instanceof PackageError && error.status === 504 && error.message.includes('took longer')) this.failures.set(key, error);
        throw error;
      });
    return { code: set['code']!, map: set['map'] ?? null };
  }
}

/**
 * Generated minified files: built once per (package, version, file, content) and kept on disk beside the
 * other generated artifacts; concurrent first requests share one build.
 */
import fs from 'node:fs/promises';
import type { PackageRef, StoredFile } from '../../packages/types.ts';
import type { ArtifactStore, Artifact } from '../derived/artifactStore.ts';
import { baseName, type GeneratedTarget } from './generatedNames.ts';
import { minifySource } from './minifySource.ts';

export interface MinifiedFile {
  code: Artifact;
  map: Artifact | null;
}

export class Minifier {
  constructor(
    private readonly artifacts: ArtifactStore,
    private readonly websiteUrl: string,
  ) {}

  async get(ref: PackageRef, version: string, target: GeneratedTarget, source: StoredFile): Promise<MinifiedFile> {
    const originalUrl = `/${ref.type}/${ref.name}@${version}${target.sourcePath}`;
    const key = `${originalUrl}\n${source.sha256}`;
    const set = await this.artifacts.get('min', key, async (): Promise<Record<string, Buffer>> => {
      const output = await minifySource({
        kind: target.kind,
        source: await fs.readFile(source.diskPath),
        sourceName: baseName(target.sourcePath),
        minifiedName: baseName(target.minifiedPath),
        originalUrl,
        websiteUrl: this.websiteUrl,
      });
      return output.map ? { code: output.code, map: output.map } : { code: output.code };
    });
    return { code: set['code']!, map: set['map'] ?? null };
  }
}

/**
 * `?meta` on any `+esm` URL: the build it answers, described as JSON. The pinned module URL and the integrity
 * of its bytes (what an import map or a `<link rel="modulepreload">` pins), its exports, its declarations, and
 * the pinned URLs of the modules it imports, each of the same generation: a pinned graph is whole.
 */
import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { moduleImports } from '../build/moduleImports.ts';
import { atSubpath, moduleUrl, type BuildKey } from '../resolve/buildKey.ts';
import type { EsmBuild } from '../store/esmBuilds.ts';
import { readStored } from '../../../packages/storedFile.ts';

export interface BuildMetaAnswer {
  name: string;
  version: string;
  /** '' for the package's main entry, else the path asked for. */
  subpath: string;
  /** The build options as the canonical query ('' for the default build). */
  options: string;
  /** The build generation of the pinned URL. */
  generation: number;
  /** The pinned URL of the module (absolute): its bytes never change. */
  url: string;
  /** `sha384-...` of those bytes, as browsers check it. */
  integrity: string;
  /** The package file it was built from. */
  entry: string;
  exports: string[];
  /** The declarations (absolute URL), or null. */
  types: string | null;
  /** Pinned URLs (absolute) of the modules it imports statically, then of those it imports with `import()`. */
  imports: string[];
  dynamicImports: string[];
}

interface Described {
  integrity: string;
  /** Root-relative, as the module names them. */
  imports: string[];
  dynamicImports: string[];
}

/** The descriptions of builds: what a pinned module's bytes give is read once per module, as they never change. */
export class BuildDescriptions {
  private readonly described = new LRUCache<string, Described>({ max: 5_000 });

  async describe(key: BuildKey, build: Extract<EsmBuild, { ok: true }>, cdnUrl: string): Promise<BuildMetaAnswer> {
    // Another name of a file whose module has one URL is described by that module.
    const pinned = moduleUrl(build.alias !== undefined ? atSubpath(key, build.alias) : key);
    let bytes = this.described.get(pinned);
    if (!bytes) {
      const code = await readStored(build.code);
      const found = await moduleImports(code.toString('utf8'));
      bytes = { integrity: `sha384-${crypto.createHash('sha384').update(code).digest('base64')}`, imports: found.static, dynamicImports: found.dynamic };
      this.described.set(pinned, bytes);
    }
    const absolute = (url: string): string => (url.startsWith('/') ? `${cdnUrl}${url}` : url);
    return {
      name: key.name,
      version: key.version,
      subpath: key.subpath,
      options: key.query,
      generation: key.generation,
      url: `${cdnUrl}${pinned}`,
      integrity: bytes.integrity,
      entry: build.entry,
      exports: build.exports,
      types: build.types === null ? null : `${cdnUrl}${build.types}`,
      imports: bytes.imports.map(absolute),
      dynamicImports: bytes.dynamicImports.map(absolute),
    };
  }
}

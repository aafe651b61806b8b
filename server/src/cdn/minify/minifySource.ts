/**
 * Minifies one JavaScript or CSS source (terser, lightningcss) with a source map, and puts the banner on
 * top. A source that does not parse is served as it is, under a banner that says so, rather than failing.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { minify as terserMinify } from 'terser';
import { transform as cssTransform } from 'lightningcss';
import { lineCount, minifiedBanner, unminifiedBanner } from './banner.ts';

export type MinifyKind = 'js' | 'css';

export interface MinifyInput {
  kind: MinifyKind;
  source: Buffer;
  /** The original file's name (`x.js`), as the source map names it. */
  sourceName: string;
  /** The generated file's name (`x.min.js`), for the sourceMappingURL comment. */
  minifiedName: string;
  /** The original file's CDN URL path, named in the banner. */
  originalUrl: string;
  websiteUrl: string;
}

export interface MinifyOutput {
  code: Buffer;
  /** Null when the source could not be minified and is served as it is. */
  map: Buffer | null;
}

const require = createRequire(import.meta.url);

/** The installed version of a package, named in the banner (some packages do not export package.json). */
function installedVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

const TERSER = `Terser v${installedVersion('terser')}`;
const LIGHTNINGCSS = `lightningcss v${installedVersion('lightningcss')}`;

/** Moves every generated line of a source map down by `lines` (one ';' per line in the mappings). */
function shiftMap(map: string, lines: number): string {
  const parsed = JSON.parse(map) as { mappings: string };
  parsed.mappings = ';'.repeat(lines) + parsed.mappings;
  return JSON.stringify(parsed);
}

async function minifyJs(input: MinifyInput): Promise<MinifyOutput> {
  const banner = minifiedBanner(input.originalUrl, TERSER, input.websiteUrl);
  const result = await terserMinify(
    { [input.sourceName]: input.source.toString('utf8') },
    {
      compress: true,
      mangle: true,
      // The preamble is part of terser's output, so its source map already accounts for it.
      format: { preamble: banner.trimEnd(), comments: /^!|@preserve|@license|@cc_on/i },
      sourceMap: { url: `${input.minifiedName}.map`, includeSources: true },
    },
  );
  if (result.code === undefined || typeof result.map !== 'string') throw new Error('terser produced no output');
  return { code: Buffer.from(result.code), map: Buffer.from(result.map) };
}

function minifyCss(input: MinifyInput): MinifyOutput {
  const banner = minifiedBanner(input.originalUrl, LIGHTNINGCSS, input.websiteUrl);
  const result = cssTransform({ filename: input.sourceName, code: input.source, minify: true, sourceMap: true, errorRecovery: true });
  const map = result.map ? shiftMap(Buffer.from(result.map).toString('utf8'), lineCount(banner)) : null;
  const code = `${banner}${Buffer.from(result.code).toString('utf8')}\n/*# sourceMappingURL=${input.minifiedName}.map */`;
  return { code: Buffer.from(code), map: map === null ? null : Buffer.from(map) };
}

export async function minifySource(input: MinifyInput): Promise<MinifyOutput> {
  try {
    return input.kind === 'js' ? await minifyJs(input) : minifyCss(input);
  } catch {
    const banner = unminifiedBanner(input.originalUrl, 'Minification failed because the source could not be parsed.', input.websiteUrl);
    return { code: Buffer.concat([Buffer.from(banner), input.source]), map: null };
  }
}

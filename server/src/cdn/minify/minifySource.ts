/**
 * Minifies one JavaScript or CSS source (SWC, lightningcss) with a source map, and puts the banner on top.
 * SWC's minifier is terser's port in Rust: output within a percent or two of terser's size, in a tenth of
 * its time or less (see bench/cdn). A source that does not parse is served as it is, under a banner that
 * says so, rather than failing.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { minifySync as swcMinify } from '@swc/core';
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

const SWC = `SWC v${installedVersion('@swc/core')}`;
const LIGHTNINGCSS = `lightningcss v${installedVersion('lightningcss')}`;

/**
 * Moves every generated line of a source map down by `lines` (one ';' per line in the mappings), and names
 * its source when given.
 */
function shiftMap(map: string, lines: number, sourceName?: string): string {
  const parsed = JSON.parse(map) as { mappings: string; sources: string[] };
  parsed.mappings = ';'.repeat(lines) + parsed.mappings;
  if (sourceName !== undefined) parsed.sources = [sourceName];
  return JSON.stringify(parsed);
}

function minifyJs(input: MinifyInput): MinifyOutput {
  const banner = minifiedBanner(input.originalUrl, SWC, input.websiteUrl);
  // Synchronous on purpose: this runs in a minifying thread, and the asynchronous form would run on the
  // process's shared libuv pool instead, beside the serving thread's file reads.
  const result = swcMinify(input.source.toString('utf8'), {
    compress: true,
    mangle: true,
    // A file on the CDN may be a script or a module: parsed as either, with no top-level renaming.
    module: 'unknown',
    // Licence comments (`/*!`, @license, @preserve) stay, as they must.
    format: { comments: 'some' },
    sourceMap: true,
    inlineSourcesContent: true,
  });
  if (typeof result.map !== 'string') throw new Error('the minifier produced no source map');
  // The banner goes on top as text, so the map's generated lines move down by as many lines.
  const code = `${banner}${result.code}\n//# sourceMappingURL=${input.minifiedName}.map`;
  return { code: Buffer.from(code), map: Buffer.from(shiftMap(result.map, lineCount(banner), input.sourceName)) };
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
    return input.kind === 'js' ? minifyJs(input) : minifyCss(input);
  } catch {
    const banner = unminifiedBanner(input.originalUrl, 'Minification failed because the source could not be parsed.', input.websiteUrl);
    return { code: Buffer.concat([Buffer.from(banner), input.source]), map: null };
  }
}

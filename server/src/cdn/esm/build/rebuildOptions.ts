/**
 * What the variants made from a finished build (`selectExports.ts`, `bundleDependencies.ts`) have in common:
 * the build is bundled again in memory, as one minified browser module of the same target with an external
 * source map, under the original build's banner. The build's own text is read back without its map comment,
 * with its map inlined, so that esbuild chains the new map to the original files.
 */
import type { BuildOptions } from 'esbuild';
import type { BuildKey } from '../resolve/buildKey.ts';
import { syntaxTarget } from '../../../cdnUrl/esmOptions.ts';
import { runtimeBuildOptions } from './runtimeTarget.ts';

/** The banner comment a build starts with (`banner.ts`), kept on what is made from it. */
export function buildBanner(code: string): string {
  return /^\/\*\*[\s\S]*?\*\/\n?/.exec(code)?.[0].trimEnd() ?? '';
}

/** A build's text for bundling again: its map comment replaced by the map itself, inlined. */
export function withInlineMap(code: string, map: string | Uint8Array): string {
  const body = code.replace(/\n\/\/# sourceMappingURL=\S*\n*$/, '\n');
  return `${body}//# sourceMappingURL=data:application/json;base64,${Buffer.from(map).toString('base64')}\n`;
}

/** esbuild's options for bundling a build again, whatever the entry and the plugins. */
export function rebuildOptions(key: BuildKey, banner: string): BuildOptions {
  return {
    bundle: true,
    write: false,
    format: 'esm',
    platform: runtimeBuildOptions(key.options).platform,
    target: syntaxTarget(key.options),
    minify: true,
    sourcemap: 'external',
    outfile: 'out/+esm.js',
    logLevel: 'silent',
    legalComments: 'eof',
    absWorkingDir: '/',
    banner: { js: banner },
  };
}

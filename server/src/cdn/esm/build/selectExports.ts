/**
 * `?exports=a,b`: a module keeping only some exports of a build. It is made from the full build of the same
 * options (already bundled, its imports already our URLs) by bundling it again behind an entry that re-exports
 * just those names, so esbuild drops what they do not reach; the full build's source map is chained, so the
 * new map still points at the package's original files.
 */
import * as esbuild from 'esbuild';
import { keyLabel, mapReference, type BuildKey } from '../resolve/buildKey.ts';
import { EsmBuildError } from './buildModule.ts';
import { buildBanner, rebuildOptions, withInlineMap } from './rebuildOptions.ts';

const FULL = 'full-build';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface SelectRequest {
  /** The build being made (`?exports=a,b`); `code` and `map` are the full build of its other options. */
  key: BuildKey;
  /** The file the full build was made from, for messages. */
  entry: string;
  code: string;
  map: string;
  names: readonly string[];
}

/** `a` or, for a name that is not an identifier, the string form ES2022 allows (`"a-b"`). */
function exportName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

export async function selectExports(request: SelectRequest): Promise<{ code: Buffer; map: Buffer }> {
  const label = keyLabel(request.key, request.entry);
  const full = withInlineMap(request.code, request.map);
  const entry = `export { ${request.names.map((n) => `${exportName(n)} as ${exportName(n)}`).join(', ')} } from ${JSON.stringify(FULL)};`;
  let result: esbuild.BuildResult;
  try {
    result = await esbuild.build({
      ...rebuildOptions(request.key, buildBanner(request.code)),
      stdin: { contents: entry, loader: 'js', resolveDir: '/', sourcefile: 'exports' },
      plugins: [
        {
          name: 'full-build',
          setup(build) {
            build.onResolve({ filter: /.*/ }, (args) => (args.path === FULL ? { path: FULL, namespace: FULL } : { path: args.path, external: true }));
            build.onLoad({ filter: /.*/, namespace: FULL }, () => ({ contents: full, loader: 'js' }));
          },
        },
      ],
    });
  } catch (error) {
    const failure = error as { errors?: esbuild.Message[] };
    throw new EsmBuildError(`Keeping the exports ${request.names.join(', ')} of ${label} failed: ${failure.errors?.[0]?.text ?? String(error)}`);
  }
  const outputs = result.outputFiles ?? [];
  const js = outputs.find((f) => f.path.endsWith('.js'));
  const map = outputs.find((f) => f.path.endsWith('.map'));
  if (!js || !map) throw new EsmBuildError(`Keeping the exports of ${label} produced no output.`);
  const parsed = JSON.parse(map.text) as { sources: string[]; file?: string };
  // Sources come from the chained map; paths esbuild made relative to its working directory are made root-relative again.
  parsed.sources = parsed.sources.map((s) => (s.startsWith('npm/') ? `/${s}` : s));
  parsed.file = '+esm';
  return { code: Buffer.from(`${js.text.replace(/\n*$/, '')}\n//# sourceMappingURL=${mapReference(request.key)}\n`), map: Buffer.from(JSON.stringify(parsed)) };
}

/**
 * `?bundle`: one file holding the package and the packages it imports, except its peer dependencies. Made from
 * the package's own build of the same options: bundled again with each import of another package's build
 * (`/npm/{dep}@{version}/+esm?...`) replaced by that build's code, recursively, unless the importing package
 * declares the dependency as a peer (left an import, so the page brings its one copy). A package imported from
 * two places is one module of the bundle. Dynamic imports stay imports. The builds' source maps are chained.
 */
import type { Plugin } from 'esbuild';
import { keyLabel, keyOfUrl, mapReference, type BuildKey } from '../resolve/buildKey.ts';
import { EsmBuildError, runWithLimit } from './buildModule.ts';
import { buildBanner, rebuildOptions, withInlineMap } from './rebuildOptions.ts';

const OWN = 'own-build';
const DEP = 'dependency-build';

export interface BuiltCode {
  code: string;
  map: string;
}

export interface BundleRequest extends BuiltCode {
  /** The bundle being made (`?bundle`); `code` and `map` are its package's own build. */
  key: BuildKey;
  /** The file its own build was made from, for messages. */
  entry: string;
  timeoutMs: number;
  /** The names of a package version's peer dependencies. */
  peers(name: string, version: string): Promise<ReadonlySet<string>>;
  /** The code of a dependency's build; throws EsmBuildError when that build failed. */
  load(key: BuildKey): Promise<BuiltCode>;
}

function bundlePlugin(request: BundleRequest): Plugin {
  const loadInlined = async (key: BuildKey): Promise<string> => {
    const built = await request.load(key);
    return withInlineMap(built.code, built.map);
  };
  return {
    name: 'bundle-dependencies',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.path === OWN) return { path: OWN, namespace: OWN };
        const target = args.kind === 'dynamic-import' ? null : keyOfUrl(args.path);
        if (!target) return { path: args.path, external: true };
        const importer = (args.namespace === DEP ? keyOfUrl(args.importer) : null) ?? request.key;
        const peers = await request.peers(importer.name, importer.version);
        if (peers.has(target.name)) return { path: args.path, external: true };
        return { path: args.path, namespace: DEP, pluginData: target };
      });
      build.onLoad({ filter: /.*/, namespace: OWN }, () => ({ contents: withInlineMap(request.code, request.map), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: DEP }, async (args) => ({ contents: await loadInlined(args.pluginData as BuildKey), loader: 'js' }));
    },
  };
}

export async function bundleDependencies(request: BundleRequest): Promise<{ code: Buffer; map: Buffer }> {
  const label = keyLabel(request.key, request.entry);
  const result = await runWithLimit(
    { ...rebuildOptions(request.key, buildBanner(request.code)), entryPoints: [OWN], plugins: [bundlePlugin(request)] },
    request.timeoutMs,
    `${label} with its dependencies`,
  );
  const outputs = result.outputFiles ?? [];
  const js = outputs.find((f) => f.path.endsWith('.js'));
  const map = outputs.find((f) => f.path.endsWith('.map'));
  if (!js || !map) throw new EsmBuildError(`Bundling ${label} with its dependencies produced no output.`);
  const parsed = JSON.parse(map.text) as { sources: string[]; file?: string };
  // Sources come from the chained maps; paths esbuild made relative to its working directory are made root-relative again.
  parsed.sources = parsed.sources.map((s) => (s.startsWith('npm/') ? `/${s}` : s));
  parsed.file = '+esm';
  return { code: Buffer.from(`${js.text.replace(/\n*$/, '')}\n//# sourceMappingURL=${mapReference(request.key)}\n`), map: Buffer.from(JSON.stringify(parsed)) };
}

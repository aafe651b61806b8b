/**
 * `?bundle`: one file holding the package and the packages it imports, except its peer dependencies. Made from
 * the package's own build of the same options: bundled again with each import of another package's build
 * (`/npm/{dep}@{version}/+esm?...`) replaced by that build's code, recursively, unless the importing package
 * declares the dependency as a peer (left an import, so the page brings its one copy). A package imported from
 * two places is one module of the bundle. Dynamic imports stay imports. The builds' source maps are chained.
 */
import type { Plugin } from 'esbuild';
import { EsmBuildError, runWithLimit } from './buildModule.ts';
import type { EsmTarget } from './esmOptions.ts';
import { buildBanner, rebuildOptions, withInlineMap } from './rebuildOptions.ts';

const OWN = 'own-build';
const DEP = 'dependency-build';
const BUILD_URL = /^\/npm\/((?:@[^/@]+\/)?[^/@]+)@([^/]+)(\/.*)?\/\+esm(?:\?.*)?$/;

export interface BuiltCode {
  code: string;
  map: string;
}

export interface BundleRequest extends BuiltCode {
  /** The package the build is of. */
  name: string;
  label: string;
  target: EsmTarget;
  timeoutMs: number;
  mapReference: string;
  /** The names of a package version's peer dependencies. */
  peers(name: string, version: string): Promise<ReadonlySet<string>>;
  /** The code of a dependency's build URL; throws EsmBuildError when that build failed. */
  load(url: string): Promise<BuiltCode>;
}

function bundlePlugin(request: BundleRequest, version: string): Plugin {
  const loadInlined = async (url: string): Promise<string> => {
    const built = await request.load(url);
    return withInlineMap(built.code, built.map);
  };
  return {
    name: 'bundle-dependencies',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.path === OWN) return { path: OWN, namespace: OWN };
        const target = BUILD_URL.exec(args.path);
        if (!target || args.kind === 'dynamic-import') return { path: args.path, external: true };
        const importer = args.namespace === DEP ? BUILD_URL.exec(args.importer) : null;
        const [importerName, importerVersion] = importer ? [importer[1]!, importer[2]!] : [request.name, version];
        const peers = await request.peers(importerName, importerVersion);
        if (peers.has(target[1]!)) return { path: args.path, external: true };
        return { path: args.path, namespace: DEP };
      });
      build.onLoad({ filter: /.*/, namespace: OWN }, () => ({ contents: withInlineMap(request.code, request.map), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: DEP }, async (args) => ({ contents: await loadInlined(args.path), loader: 'js' }));
    },
  };
}

export async function bundleDependencies(request: BundleRequest, version: string): Promise<{ code: Buffer; map: Buffer }> {
  const result = await runWithLimit(
    { ...rebuildOptions(request.target, buildBanner(request.code)), entryPoints: [OWN], plugins: [bundlePlugin(request, version)] },
    request.timeoutMs,
    `${request.label} with its dependencies`,
  );
  const outputs = result.outputFiles ?? [];
  const js = outputs.find((f) => f.path.endsWith('.js'));
  const map = outputs.find((f) => f.path.endsWith('.map'));
  if (!js || !map) throw new EsmBuildError(`Bundling ${request.label} with its dependencies produced no output.`);
  const parsed = JSON.parse(map.text) as { sources: string[]; file?: string };
  // Sources come from the chained maps; paths esbuild made relative to its working directory are made root-relative again.
  parsed.sources = parsed.sources.map((s) => (s.startsWith('npm/') ? `/${s}` : s));
  parsed.file = '+esm';
  return { code: Buffer.from(`${js.text.replace(/\n*$/, '')}\n//# sourceMappingURL=${request.mapReference}\n`), map: Buffer.from(JSON.stringify(parsed)) };
}

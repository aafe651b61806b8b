/**
 * The builds a finished module imports, as its code names them: static imports (loaded with it) and `import()`
 * (loaded when it runs), read by esbuild's parser with every import left external, nothing bundled. For `?meta`,
 * which lists them (`../serve/buildMeta.ts`).
 */
import * as esbuild from 'esbuild';

export interface ModuleImports {
  static: string[];
  dynamic: string[];
}

export async function moduleImports(code: string): Promise<ModuleImports> {
  const result = await esbuild.build({
    stdin: { contents: code, loader: 'js', sourcefile: 'module.js' },
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
    plugins: [{ name: 'every-import-external', setup: (build) => build.onResolve({ filter: /.*/ }, (args) => ({ path: args.path, external: true })) }],
  });
  const found: ModuleImports = { static: [], dynamic: [] };
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      const list = imported.kind === 'dynamic-import' ? found.dynamic : found.static;
      if (!list.includes(imported.path)) list.push(imported.path);
    }
  }
  found.dynamic = found.dynamic.filter((url) => !found.static.includes(url));
  return found;
}

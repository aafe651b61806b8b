/**
 * Keeps every build inside the shared facades' contract (see shared.mjs): at run time the facade of
 * whichever build loaded first serves every package, so a name it does not re-export would be `undefined`
 * in another package, found only by a visitor. Importing such a name fails this build instead, with the
 * file that does it. Type-only imports are erased before webpack sees them and are always fine.
 */
import { FACADES, facadeAliases } from './shared.mjs';

const PLUGIN = 'SharedFacadeGuardPlugin';

export class SharedFacadeGuardPlugin {
  constructor() {
    /** @type {Map<string, { library: string, names: Set<string> }>} import request -> what it may name */
    this.allowed = new Map(Object.entries(FACADES).map(([library, { exports }]) => [library, { library, names: new Set(exports) }]));
    for (const { alias, library } of facadeAliases()) this.allowed.set(alias, this.allowed.get(library));
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        for (const module of modules) {
          const resource = module.resource;
          if (typeof resource !== 'string' || resource.includes('/node_modules/')) continue;
          for (const dependency of module.dependencies) {
            const rule = this.allowed.get(dependency.request);
            // Only the dependencies that name what they import carry `ids`; a bare `import 'x'` does not.
            if (!rule || !Array.isArray(dependency.ids)) continue;
            const name = dependency.ids[0];
            if (name !== undefined && rule.names.has(name)) continue;
            const what = name === undefined ? 'the whole module' : `"${name}"`;
            const error = new compiler.webpack.WebpackError(
              `${resource} imports ${what} from ${dependency.request}, which the shared ${rule.library} facade does not offer. ` +
                `Add it to FACADES in webpack/shared.mjs (every package is then rebuilt with it).`,
            );
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

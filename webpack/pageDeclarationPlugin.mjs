/**
 * Publishes a remote's page declaration (its `./pages` module) as data: `mf-pages.json` beside
 * `mf-manifest.json`, so the web server and the shell learn the remote's pages without running its code.
 * The module is evaluated in Node at build time; its pages' components sit behind `import()` calls that
 * nothing here invokes, so no React code runs. A slot the remote fills must name one of its exposes.
 */
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import webpack from 'webpack';

const NAME = 'PageDeclarationPlugin';
export const PAGES_FILE = 'mf-pages.json';

export class PageDeclarationPlugin {
  /**
   * @param {string} file absolute path of the remote's `./pages` module
   * @param {string[]} exposes the names of the remote's exposes (`./pages`, `./mount`, ...)
   */
  constructor(file, exposes) {
    this.file = file;
    this.exposes = exposes;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        const json = await this.publishedDeclaration();
        compilation.emitAsset(PAGES_FILE, new webpack.sources.RawSource(json));
      });
    });
  }

  async publishedDeclaration() {
    // The query makes a rebuild in watch mode read the module afresh.
    const module = await tsImport(`${pathToFileURL(this.file).href}?build=${Date.now()}`, import.meta.url);
    const { remotePagesOf, parseRemotePages } = await tsImport('@skylift/shared/pages', import.meta.url);
    if (!module.pages?.pages) throw new Error(`${this.file} must export the remote's page declaration as "pages" (declarePages(...)).`);
    // The same check the web server makes when it reads the file: a bad declaration fails the build, not the site.
    const published = parseRemotePages(remotePagesOf(module.pages));
    for (const { slot, expose } of published.slots ?? []) {
      if (!this.exposes.includes(expose))
        throw new Error(`${this.file}: the ${slot} slot names ${expose}, which the remote does not expose (${this.exposes.join(', ')}).`);
    }
    return `${JSON.stringify(published, null, 2)}\n`;
  }
}

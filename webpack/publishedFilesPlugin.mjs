/**
 * Publishes data a remote ships beside its scripts for the web server to read from the build it hosts (so the
 * server never reads a remote's source folder): each entry names a JSON file of the build and a module of the
 * remote whose `publish(packageDir)` returns its value. The module runs in Node at build time; its inputs
 * (files or folders) are watched, so the dev server republishes when they change.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import webpack from 'webpack';

const NAME = 'PublishedFilesPlugin';

export class PublishedFilesPlugin {
  /**
   * @param {string} packageDir absolute path of the remote
   * @param {Array<{ file: string, module: string, inputs?: string[] }>} entries module and inputs relative to packageDir
   */
  constructor(packageDir, entries) {
    this.packageDir = packageDir;
    this.entries = entries;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        for (const entry of this.entries) {
          for (const input of entry.inputs ?? []) compilation.contextDependencies.add(path.resolve(this.packageDir, input));
          // The query makes a rebuild in watch mode read the module afresh.
          const module = await tsImport(`${pathToFileURL(path.resolve(this.packageDir, entry.module)).href}?build=${Date.now()}`, import.meta.url);
          if (typeof module.publish !== 'function') throw new Error(`${entry.module} must export publish(packageDir), which returns what ${entry.file} holds.`);
          const value = await module.publish(this.packageDir);
          compilation.emitAsset(entry.file, new webpack.sources.RawSource(`${JSON.stringify(value, null, 2)}\n`));
        }
      });
    });
  }
}

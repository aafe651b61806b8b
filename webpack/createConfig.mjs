/**
 * The one webpack + module federation configuration every frontend package builds with, so that each
 * package's webpack.config.js only says who it is (name, port, what it exposes).
 *
 * Production builds: content-hashed scripts and styles (cacheable forever), except the files a browser must
 * revalidate (index.html, remoteEntry.js, mf-manifest.json); .gz and .br siblings for the server to send
 * precompressed. Remotes use publicPath 'auto' so one build works from any URL.
 */
import path from 'node:path';
import webpack from 'webpack';
import zlib from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { PageDeclarationPlugin } from './pageDeclarationPlugin.mjs';
import { PublishedFilesPlugin } from './publishedFilesPlugin.mjs';
import { SharedFacadeGuardPlugin } from './sharedFacadeGuardPlugin.mjs';
import { facadeAliases, sharedDependencies } from './shared.mjs';
import { firstPaintTokens } from './firstPaintTokens.mjs';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** The product name and default title live in shared/src/brand.ts; the HTML pages read them from there. */
async function loadBrand() {
  const brandModule = await tsImport(path.join(repositoryRoot, 'shared/src/brand.ts'), import.meta.url);
  return brandModule.BRAND;
}

/**
 * @param {object} options
 * @param {string} options.name         federation name (the workspace folder: shell, mf-search, ...)
 * @param {string} options.packageDir   absolute path of the workspace
 * @param {number} options.port         dev server port
 * @param {'host' | 'remote'} options.role
 * @param {Record<string, string>} [options.exposes]  remote exposes, e.g. { './pages': './src/pages/index.ts' }
 *   A remote's './pages' module is its page declaration; the build also publishes it as mf-pages.json.
 * @param {Array<{ file: string, module: string, inputs?: string[] }>} [options.publishes]  JSON files a remote's build
 *   writes for the web server, each the value of a module's publish(packageDir) (see publishedFilesPlugin.mjs).
 * @returns {(env: unknown, argv: { mode?: string }) => Promise<import('webpack').Configuration | import('webpack').Configuration[]>}
 *   A remote builds two configurations: the remote itself and the federation runtime of its standalone page.
 */
export function createConfig({ name, packageDir, port, role, exposes = {}, publishes = [] }) {
  return async (_env, argv) => {
    const production = (argv?.mode ?? process.env.NODE_ENV) === 'production';
    const isHost = role === 'host';
    const template = isHost ? path.join(packageDir, 'src/index.html') : path.join(repositoryRoot, 'webpack/standalone.html');
    const [brand, firstPaint] = await Promise.all([loadBrand(), firstPaintTokens(template)]);
    const hashed = production ? '.[contenthash:8]' : '';

    const config = {
      name,
      mode: production ? 'production' : 'development',
      context: packageDir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(packageDir, 'dist'),
        filename: production ? entryFilename : '[name].js',
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        // The shell always lives at the site root; a remote may be served from any URL.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        // The standalone page's runtime is written into the same folder by the configuration that follows.
        clean: isHost ? true : { keep: (file) => file.startsWith(STANDALONE_RUNTIME) },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              production ? MiniCssExtractPlugin.loader : 'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: true,
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: production ? '[hash:base64:7]' : '[name]__[local]',
                    // Several remotes have files with the same relative paths; salt by package so class names never collide.
                    localIdentHashSalt: name,
                  },
                },
              },
            ],
          },
          { test: /\.(svg|png|webp|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        // react-router-dom v7 is react-router; reading it as such keeps one shared facade (see shared.mjs).
        ...facadeAliases().map(({ alias, library }) => new webpack.NormalModuleReplacementPlugin(new RegExp(`^${alias}$`), library)),
        new SharedFacadeGuardPlugin(),
        // The shell's federation runtime without the snapshot handler and the preloader it never runs.
        ...(isHost
          ? [new webpack.NormalModuleReplacementPlugin(LEAN_RUNTIME_REPLACED, replaceModule(path.join(repositoryRoot, 'webpack/federationRuntimeLean.mjs')))]
          : []),
        new ModuleFederationPlugin({
          name: name.replace(/-/g, '_'),
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          // Remotes are registered at run time from the remotes manifest, never compiled into the shell.
          remotes: {},
          shared: sharedDependencies(production),
          shareStrategy: 'loaded-first',
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          // One federation runtime per page: the shell provides it and the remotes use it, instead of each
          // remoteEntry.js bringing its own copy (about 19 kB gzipped each). A remote's standalone page gets
          // it from the standalone runtime script (standaloneRuntimeConfig). See federationRuntime.mjs.
          // `target: 'web'` leaves out the runtime's code for loading remotes in Node: the website runs in browsers.
          ...(isHost && { runtimePlugins: [path.join(repositoryRoot, 'webpack/federationRuntimePlugin.mjs')] }),
          // `disableSnapshot` leaves out the runtime's code for reading remotes' mf-manifest.json: the shell
          // registers each remote by its remoteEntry.js (shell/src/remotes/loadRemoteModule.ts).
          // `disableRemote` leaves out of a remote's bundler runtime the loader of remotes it would import by
          // name: no remote does (a remote page reaches another remote through the shared library, on the shell's runtime).
          experiments: {
            ...(!isHost && { externalRuntime: true }),
            optimization: { target: 'web', ...(isHost ? { disableSnapshot: true } : { disableRemote: true }) },
          },
        }),
        ...(!isHost && exposes['./pages'] ? [new PageDeclarationPlugin(path.resolve(packageDir, exposes['./pages']), Object.keys(exposes))] : []),
        ...(publishes.length ? [new PublishedFilesPlugin(packageDir, publishes)] : []),
        new HtmlWebpackPlugin({
          template,
          filename: 'index.html',
          chunks: ['main'],
          title: isHost ? brand.defaultTitle : `${name} - ${brand.name}`,
          standaloneRuntime: `${STANDALONE_RUNTIME}.js`,
          brandName: brand.name,
          // The first paint's tokens (firstPaintTokens.mjs): a :root rule of the properties its <style> reads, the brand colour and icon.
          firstPaintTokens: firstPaint.rootRule,
          palette: firstPaint.palette,
          icon: firstPaint.icon,
          scriptLoading: 'defer',
          // The dev server answers every deep path with this page, so its scripts need absolute URLs there;
          // a built remote's page is served from its own folder and keeps relative ones.
          publicPath: isHost || !production ? '/' : 'auto',
          // Keep comments: the web server fills <!--route-meta--> with the per-route description and share metadata.
          minify: production ? { collapseWhitespace: true, removeComments: false, minifyCSS: true } : false,
        }),
        ...(production ? [new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }), ...compressionPlugins()] : []),
      ],
      optimization: {
        minimizer: [javascriptMinimizer()],
        // Module ids stable across builds so an unchanged module keeps its hash and its cached file.
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // Modules two lazily loaded chunks both need go to a chunk of their own even when small (webpack
        // waits for 20 kB): each entry point of @skylift/shared is such a chunk, and several of them
        // import the same pure modules, which a first visit would otherwise download twice.
        splitChunks: { minSize: 2000 },
      },
      // html-webpack-plugin owns the HTML; webpack's own HTML minifier would drop the <!--route-meta--> comment.
      experiments: { html: false },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // Remotes are loaded cross-origin by the shell's dev server.
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false } },
        // The boot document, runtime configuration, the remotes manifest and the blog feed come from the web server (www).
        proxy: [
          {
            context: ['/boot.json', '/config.json', '/remotes.json', '/blog/rss'],
            target: process.env.SKYLIFT_WWW_URL ?? 'http://localhost:4000',
            changeOrigin: true,
          },
        ],
      },
    };
    return isHost ? config : [config, standaloneRuntimeConfig({ name, packageDir, production })];
  };
}

/** Modules of the federation runtime, as resolved, that the shell's build replaces with federationRuntimeLean.mjs. */
const LEAN_RUNTIME_REPLACED = /@module-federation[\\/]runtime-core[\\/]dist[\\/](plugins[\\/]snapshot[\\/]SnapshotHandler|utils[\\/]preload)\.js$/;

/**
 * A NormalModuleReplacementPlugin callback that puts `file` in place of the resolved module, with the
 * replacement's own folder as the context its imports resolve from.
 * @param {string} file absolute path
 */
function replaceModule(file) {
  return (resolveData) => {
    if (!resolveData.createData?.resource) return;
    resolveData.createData.resource = file;
    resolveData.createData.context = path.dirname(file);
  };
}

/** File name (without `.js`) of the federation runtime a remote's standalone page loads before its own scripts. */
const STANDALONE_RUNTIME = 'federation-runtime';

/**
 * Builds webpack/standaloneFederationRuntime.mjs into the remote's dist/ as a plain script. Its own build, without
 * module federation: the remote's build treats the runtime as external, and would do so here too.
 * It keeps a fixed name (revalidated, like remoteEntry.js) because the standalone page names it.
 */
function standaloneRuntimeConfig({ name, packageDir, production }) {
  return {
    name: `${name}-${STANDALONE_RUNTIME}`,
    // After the remote's build, whose output folder it shares.
    dependencies: [name],
    mode: production ? 'production' : 'development',
    context: packageDir,
    entry: { [STANDALONE_RUNTIME]: path.join(repositoryRoot, 'webpack/standaloneFederationRuntime.mjs') },
    devtool: production ? 'source-map' : false,
    output: { path: path.join(packageDir, 'dist'), filename: '[name].js', clean: false },
    plugins: production ? compressionPlugins() : [],
    optimization: { minimizer: [javascriptMinimizer()] },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
  };
}

/**
 * Entry scripts carry a content hash. The federation runtime module (enhanced 2.9 on webpack 5.111) resolves
 * its chunk's file name while webpack is still computing hashes, before the content hash exists; it only
 * needs the file's folder, so at that moment it gets the same name without the hash.
 * @param {import('webpack').PathData} pathData
 */
function entryFilename(pathData) {
  return pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * Scripts are minified by swc instead of webpack's default terser: the same two compression passes in well under
 * half the time (a build of every workspace went from about 160 to 70 seconds of CPU) and slightly smaller files.
 */
function javascriptMinimizer() {
  return new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } });
}

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;

function compressionPlugins() {
  return [
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: COMPRESSIBLE, compressionOptions: { level: 9 }, threshold: 0, minRatio: 1 }),
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: COMPRESSIBLE,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
      threshold: 0,
      minRatio: 1,
    }),
  ];
}

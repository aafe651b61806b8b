// The house rules every workspace is held to (`npm run lint`, and the lint stage of `npm test`):
// typescript-eslint, the rules of React hooks, the boundaries between the frontend packages and the server,
// and each workspace declaring the packages it imports. Formatting is Prettier's job (.prettierrc.json).
// typescript-eslint's rules are the ones that need no type information: with it a run over the repository
// takes minutes on two cores, and `tsc` (the typecheck stage) already checks the types.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import REMOTES from './remotes.json' with { type: 'json' };

const root = import.meta.dirname;
const FRONTEND = ['shared', 'shell', ...REMOTES];
const WORKSPACES = [...FRONTEND, 'server', 'e2e', 'bench'];
const SOURCE = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

/**
 * The modules of the shared frontend library the server reads: pure ones, without React or the browser.
 * Anything else of `shared/`, and anything of the shell or a remote, stays out of the server.
 */
export const SERVER_READS_FROM_SHARED = [
  'api/generated/dataApi.ts',
  'api/paths.ts',
  'brand.ts',
  'esm/benchmarkFrame.ts',
  'esm/demoModule.ts',
  'esm/specList.ts',
  'format/bytes.ts',
  'format/escapeHtml.ts',
  'images/imageProxy.ts',
  'boot/bootDocument.ts',
  'config/runtimeConfigShape.ts',
  'content/siteContent.ts',
  'federation/contract.ts',
  'federation/pageDeclaration.ts',
  'federation/remotesManifest.ts',
  'meta/packagePageMeta.ts',
  'routes/frameRoutes.ts',
  'routes/legacyProjects.ts',
  'routes/matchRoute.ts',
  'styles/brandMark.ts',
  'styles/tokens.ts',
];

const zone = (target, from, message, except) => ({ target: `./${target}`, from: `./${from}`, message, ...(except && { except }) });

/** Where each package may not reach, by the file an import resolves to (relative imports and package names alike). */
const boundaries = [
  ...REMOTES.flatMap((remote) => [
    ...REMOTES.filter((other) => other !== remote).map((other) =>
      zone(remote, other, `A remote does not import another remote (${other}): share the code through shared/ or load it through federation.`),
    ),
    zone(remote, 'shell', 'A remote does not import the shell: what remotes and the shell share lives in shared/.'),
  ]),
  ...REMOTES.map((remote) => zone('shared', remote, 'shared/ does not import a remote: the remotes build on shared/, not the other way round.')),
  zone('shared', 'shell', 'shared/ does not import the shell: the shell builds on shared/, not the other way round.'),
  ...REMOTES.map((remote) => zone('shell', remote, 'The shell loads remotes through federation only (loadRemoteModule), never their source.')),
  ...['shell', ...REMOTES].map((pkg) => zone('server', pkg, 'The server does not import frontend code.')),
  zone(
    'server',
    'shared',
    `The server reads only the pure modules of shared/ (${SERVER_READS_FROM_SHARED.join(', ')}); add one to SERVER_READS_FROM_SHARED in eslint.config.js only if it needs neither React nor the browser.`,
    SERVER_READS_FROM_SHARED.map((file) => `./src/${file}`),
  ),
];

/**
 * The server's services, a folder each under server/src. Every other folder there holds what they share (the
 * package layer, plugins, HTTP helpers, the shared state, ...), which any service may import; a service's folder
 * is imported only by its own modules and by services.ts, the builders the launcher starts. So a service can be
 * changed, or left out of a deployment, without reaching into another: what two of them need moves to a shared
 * folder. Tests and their helpers are left out, since tests across services build several services at once.
 */
/** node:fs calls that take or give a bare descriptor number (the promise API's FileHandle has one owner instead). */
const RAW_DESCRIPTOR_CALLS = '/^(open|openSync|close|closeSync|read|readSync|fstat|fstatSync|fsync|fsyncSync|ftruncate|ftruncateSync)$/';

export const SERVER_SERVICES = ['cdn', 'data', 'search', 'purge', 'www', 'esmrun'];
const SERVER_SOURCE = 'server/src';
const serverBoundaries = SERVER_SERVICES.map((service) => ({
  target: readdirSync(path.join(root, SERVER_SOURCE))
    .filter((entry) => entry !== service && entry !== 'services.ts')
    .map((entry) => `./${SERVER_SOURCE}/${entry}`),
  from: `./${SERVER_SOURCE}/${service}`,
  message: `Only ${service}'s own modules and services.ts import server/src/${service}/: move what another folder needs of it to a shared folder (shared/, http/, packages/, plugins/, ...).`,
}));

/**
 * The server's layers, top to bottom (server/README.md, "Layers"): a folder of server/src (or one of its two
 * files, main.ts and services.ts) imports only from the layers below its own, never from a layer above nor from
 * another folder of its own layer. So the import graph has a direction a reader can follow down, a lower layer
 * can be read and tested without the ones above it, and no service's closure pulls in what only another needs.
 * Every entry of server/src has a layer (boundaries.test.mjs checks it); tests and their helpers (`testing/`)
 * are left out, as above.
 */
export const SERVER_LAYERS = [
  { name: 'entry point', folders: ['main.ts'] },
  { name: 'launcher', folders: ['launcher'] },
  { name: 'service builders', folders: ['services.ts'] },
  { name: 'services', folders: SERVER_SERVICES },
  { name: 'what services are built from', folders: ['plugins', 'stats'] },
  { name: 'request log, purge fan-out, observability', folders: ['requestlog', 'purgefanout', 'observability'] },
  { name: "the CDN's addresses, messages between processes", folders: ['cdnUrl', 'ipc'] },
  { name: 'package layer', folders: ['packages'] },
  { name: 'fleet state, HTTP, worker threads', folders: ['fleetState', 'http', 'workers'] },
  { name: 'configuration and general helpers', folders: ['config', 'admission', 'background', 'sqlite'] },
];
/** Entries of server/src that are in no layer: only tests use them. */
export const SERVER_UNLAYERED = ['testing'];
const layerBoundaries = SERVER_LAYERS.flatMap((layer, index) => {
  const above = SERVER_LAYERS.slice(0, index).flatMap((higher) => higher.folders);
  const below = SERVER_LAYERS.slice(index + 1).map((lower) => lower.name);
  return layer.folders
    .map((folder) => {
      const forbidden = [...above, ...layer.folders.filter((other) => other !== folder)];
      return {
        target: `./${SERVER_SOURCE}/${folder}`,
        from: forbidden.map((entry) => `./${SERVER_SOURCE}/${entry}`),
        message: `server/src/${folder} is in the layer "${layer.name}" and imports only from the layers below it (${below.join('; ') || 'none'}): move what both need down a layer (server/README.md, "Layers").`,
      };
    })
    .filter((zone) => zone.from.length > 0);
});

/** The same boundaries by what an import names, for imports the resolver cannot follow (a package name with no entry point). */
const ONLY_SHARED_BY_NAME = {
  patterns: [
    { regex: '^@skylift/(?!shared(/|$))', message: 'Of the @skylift packages only @skylift/shared is imported; remotes are reached through federation.' },
  ],
};

/** Files that only tests, tooling and build scripts run: they may use the root's and the workspace's devDependencies. */
const DEV_FILES = [
  '**/*.test.{ts,tsx,mjs,js}',
  '**/testing/**',
  '**/test/**',
  '**/scripts/**',
  'shared/src/federation/remoteContractTests.ts',
  'e2e/**',
  'bench/**',
  '*.{js,cjs,mjs}',
  'webpack/**',
  '**/jest.config.cjs',
  '**/webpack.config.{js,mjs,cjs}',
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.data/**',
      // Files as upstreams publish them, served by the fixture servers: not our code.
      'server/test/fixtures/**',
      // Scratch output of benchmark runs.
      'bench/.tmp/**',
      'e2e/.work/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: [SOURCE],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'require', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      // Unused bindings are errors, except the ones a signature or a destructuring names on purpose with a leading underscore.
      // A variable a closure reads before its one assignment cannot be const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // The server's own boundaries between its services and its layers, on top of the packages' (the rule's last options win).
  {
    files: [`${SERVER_SOURCE}/${SOURCE}`],
    ignores: ['**/*.test.{ts,mts,mjs}', '**/testing/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...boundaries, ...serverBoundaries, ...layerBoundaries] }] },
  },
  // A file descriptor in the server has one owner, who closes it once: a FileHandle of node:fs/promises, or a stream
  // that opened its file itself. A bare descriptor number outlives its closing: Node's fs.ReadStream closes a
  // descriptor it was given when destroyed, even with `autoClose: false`, and the number, reused by the next file
  // or socket, then reads someone else's bytes (`server/src/cdn/http/descriptors.test.ts`).
  {
    files: [`${SERVER_SOURCE}/${SOURCE}`],
    ignores: ['**/*.test.{ts,mts,mjs}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportDeclaration[source.value=/^(node:)?fs$/] ImportSpecifier[imported.name=${RAW_DESCRIPTOR_CALLS}]`,
          message: 'Open files with node:fs/promises (a FileHandle, closed once by its owner), not as bare descriptor numbers.',
        },
        {
          // node:fs is imported as `fs` across the server (as is node:fs/promises, whose `open` gives a FileHandle).
          selector: `Program:has(ImportDeclaration[source.value=/^(node:)?fs$/] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)[local.name='fs']) CallExpression[callee.object.name='fs'][callee.property.name=${RAW_DESCRIPTOR_CALLS}]`,
          message: 'Open files with node:fs/promises (a FileHandle, closed once by its owner), not as bare descriptor numbers.',
        },
        {
          selector: "CallExpression[callee.property.name=/^create(Read|Write)Stream$/] Property[key.name='fd']",
          message: 'A stream given a descriptor closes it when destroyed: let the stream open its file, or use FileHandle.createReadStream.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Stand-ins for Node's built-in modules in module builds served to browsers: browser globals only (process.cjs defines `process`).
  { files: ['server/src/cdn/esm/build/builtins/**'], languageOptions: { globals: { ...globals.browser, ...globals.commonjs, process: 'off' } } },
  // Frontend packages: browser code, React hooks held to their rules.
  {
    files: FRONTEND.map((ws) => `${ws}/${SOURCE}`),
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    // The two rules of hooks; the plugin's React Compiler rules are for code written for the compiler.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: FRONTEND.flatMap((ws) => [`${ws}/**/*.test.{ts,tsx}`, `${ws}/test/**`]).concat(['**/testing/**', 'jest.*.cjs', '**/jest.config.cjs']),
    languageOptions: { globals: { ...globals.jest } },
  },
  { files: [...FRONTEND, 'server'].map((ws) => `${ws}/${SOURCE}`), rules: { 'no-restricted-imports': ['error', ONLY_SHARED_BY_NAME] } },
  // Each workspace imports only what its own package.json (or, for tooling and tests, the root's) declares.
  ...WORKSPACES.map((ws) => ({
    files: [`${ws}/${SOURCE}`],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: [path.join(root, ws), root],
          devDependencies: DEV_FILES.map((glob) => path.join(root, glob)),
          optionalDependencies: false,
          peerDependencies: false,
        },
      ],
    },
  })),
  {
    files: ['*.{js,cjs,mjs}', 'scripts/**', 'webpack/**'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: root, devDependencies: true }] },
  },
);

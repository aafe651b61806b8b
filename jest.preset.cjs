// The jest settings every frontend workspace shares. A workspace's jest.config.cjs spreads this object
// and adds its displayName and rootDir (jest's own `preset` option only accepts a package or a folder
// holding a jest-preset file, so the settings are shared as a plain module instead).
const path = require('node:path');

/**
 * The shared package by name, as the remotes import it: each of its entry points (its package.json `exports`)
 * to its file, and nothing else, so a test cannot reach a module the site's code may not import either.
 */
const sharedEntries = Object.fromEntries(
  Object.entries(require('./shared/package.json').exports).map(([entry, file]) => [
    `^${path.posix.join('@skylift/shared', entry).replace(/\./g, '\\.')}$`,
    path.join(__dirname, 'shared', file),
  ]),
);

function swc(parser) {
  return [
    require.resolve('@swc/jest'),
    {
      jsc: { parser, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ];
}

module.exports = {
  testEnvironment: 'jsdom',
  // Tests sit beside the code they test.
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  // .ts and .tsx are parsed apart: in a .ts file `<T>(x: T) => x` and `<Type>value` are TypeScript, not JSX.
  transform: {
    '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
    '^.+\\.(ts|mts|cts)$': swc({ syntax: 'typescript', tsx: false }),
    '^.+\\.(js|jsx|mjs|cjs)$': swc({ syntax: 'ecmascript', jsx: true }),
  },
  // echarts and zrender ship only ES modules, so they go through the transform too.
  transformIgnorePatterns: ['/node_modules/(?!(echarts|zrender)/)'],
  moduleNameMapper: {
    '\\.css$': require.resolve('identity-obj-proxy'),
    ...sharedEntries,
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'cjs', 'mjs', 'json'],
  setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
  // Pages load their code on first render, as in the site; on a cold transform cache (a fresh clone, two
  // busy cores) compiling a page and its imports can take seconds.
  testTimeout: 30_000,
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
};

// The root preset (swc, jsdom, jest-dom, CSS modules) with this workspace's name for --selectProjects.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'mf-marketing',
  rootDir: __dirname,
  // Content files are fetched from where webpack puts them; in jest, from the content folder on disk.
  moduleNameMapper: { '^.*/contentUrl$': '<rootDir>/test/contentUrl.ts', ...preset.moduleNameMapper },
  // marked ships only ES modules, like echarts.
  transformIgnorePatterns: ['/node_modules/(?!(echarts|zrender|marked)/)'],
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/test/contentFetch.cjs'],
};

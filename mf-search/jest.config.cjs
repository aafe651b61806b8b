// The root preset (swc, jsdom, jest-dom, CSS modules) with this workspace's name for --selectProjects.
module.exports = { ...require('../jest.preset.cjs'), displayName: 'mf-search', rootDir: __dirname };

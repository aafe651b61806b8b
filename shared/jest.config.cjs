// The shared library's tests, on the repository's frontend jest preset.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'shared',
  rootDir: __dirname,
};

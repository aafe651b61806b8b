// One jest run over every frontend workspace (the shared library, the shell and the remotes of remotes.json);
// each workspace's jest.config.cjs sets its displayName, so `jest --selectProjects shell` runs one of them.
const remotes = require('./remotes.json');

module.exports = {
  projects: ['shared', 'shell', ...remotes].map((ws) => `<rootDir>/${ws}`),
  // A global option, which jest does not take from a project's configuration: the preset's limit, for every project.
  testTimeout: require('./jest.preset.cjs').testTimeout,
};

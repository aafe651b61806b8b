// One jest run over every frontend workspace (the shared library, the shell and the remotes of remotes.json);
// each workspace's jest.config.cjs sets its displayName, so `jest --selectProjects shell` runs one of them.
const remotes = require('./remotes.json');

module.exports = {
  projects: ['shared', 'shell', ...remotes].map((ws) => `<rootDir>/${ws}`),
};

// One jest run over every frontend workspace; each workspace's jest.config.cjs sets its displayName,
// so `jest --selectProjects shell` runs one of them.
module.exports = {
  projects: ['shared', 'shell', 'mf-search', 'mf-package', 'mf-stats', 'mf-tools', 'mf-marketing'].map((ws) => `<rootDir>/${ws}`),
};

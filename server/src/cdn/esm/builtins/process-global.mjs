// Injected where a package reads the free `process` global (left out of builds that never do): a
// production browser environment, the same as the stand-in for `require('process')`.
export const process = {
  env: { NODE_ENV: 'production' },
  argv: [],
  version: '',
  versions: {},
  platform: 'browser',
  browser: true,
  title: 'browser',
  cwd: () => '/',
  nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
  on: () => process,
  once: () => process,
  off: () => process,
  emit: () => false,
  umask: () => 0,
  hrtime: () => [0, 0],
  exit: () => {},
  emitWarning: (warning) => console.warn(warning),
};

// Browser stand-in for Node's "process" (also the free `process` global): a production environment.
'use strict';
const process = {
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
module.exports = process;

// Browser stand-in for Node's "process" (also the free `process` global): a production environment.
// Its standard streams are not terminals (`isTTY` false, as when Node's output is piped), so packages that
// look for a terminal while they load (cli-cursor, restore-cursor) take their no-terminal path; what is
// written to stdout and stderr goes to the console.
'use strict';
function standardStream(fd, log) {
  const stream = {
    fd,
    isTTY: false,
    readable: fd === 0,
    writable: fd !== 0,
    write(chunk, encoding, done) {
      if (fd === 0) throw new Error('process.stdin cannot be written to.');
      log(String(chunk).replace(/\n$/, ''));
      const callback = typeof encoding === 'function' ? encoding : done;
      if (typeof callback === 'function') queueMicrotask(() => callback());
      return true;
    },
    on: () => stream,
    once: () => stream,
    off: () => stream,
    removeListener: () => stream,
    emit: () => false,
    end: () => stream,
  };
  return stream;
}

// Node's monotonic clock, from the page's: [seconds, nanoseconds] since an arbitrary time, or since `previous`.
function hrtime(previous) {
  const now = performance.now();
  let seconds = Math.floor(now / 1000);
  let nanos = Math.round((now % 1000) * 1e6);
  if (previous) {
    seconds -= previous[0];
    nanos -= previous[1];
    if (nanos < 0) {
      seconds -= 1;
      nanos += 1e9;
    }
  }
  return [seconds, nanos];
}
hrtime.bigint = () => BigInt(Math.round(performance.now() * 1e6));

const process = {
  env: { NODE_ENV: 'production' },
  argv: [],
  execArgv: [],
  version: '',
  versions: {},
  platform: 'browser',
  browser: true,
  title: 'browser',
  cwd: () => '/',
  nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
  // Its events (exit, signals, uncaught errors) never come in a page: listeners are accepted and never called.
  on: () => process,
  once: () => process,
  off: () => process,
  addListener: () => process,
  prependListener: () => process,
  prependOnceListener: () => process,
  removeListener: () => process,
  removeAllListeners: () => process,
  setMaxListeners: () => process,
  getMaxListeners: () => 0,
  listeners: () => [],
  listenerCount: () => 0,
  emit: () => false,
  umask: () => 0,
  hrtime,
  uptime: () => performance.now() / 1000,
  exit: () => {},
  emitWarning: (warning) => console.warn(warning),
  stdin: standardStream(0, () => {}),
  stdout: standardStream(1, (text) => console.log(text)),
  stderr: standardStream(2, (text) => console.error(text)),
};
module.exports = process;

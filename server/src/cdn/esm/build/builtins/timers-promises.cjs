// Browser stand-in for Node's "timers/promises": the promise forms of the timers, over the browser's own.
'use strict';
function aborted(signal) {
  return signal.reason !== undefined ? signal.reason : Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}
function later(schedule, cancel) {
  return (delay, value, options = {}) =>
    new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal && signal.aborted) return reject(aborted(signal));
      const id = schedule(() => resolve(value), delay);
      if (signal) signal.addEventListener('abort', () => (cancel(id), reject(aborted(signal))), { once: true });
    });
}
const setTimeoutPromise = later(
  (fn, delay) => setTimeout(fn, delay),
  (id) => clearTimeout(id),
);
const setImmediatePromise = (value, options) => setTimeoutPromise(0, value, options);
async function* setIntervalPromise(delay, value, options = {}) {
  for (;;) yield await setTimeoutPromise(delay, value, options);
}
module.exports = {
  setTimeout: setTimeoutPromise,
  setImmediate: setImmediatePromise,
  setInterval: setIntervalPromise,
  scheduler: { wait: (delay, options) => setTimeoutPromise(delay, undefined, options), yield: () => setImmediatePromise() },
};

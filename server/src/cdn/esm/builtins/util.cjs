// Browser stand-in for Node's "util": the helpers packages commonly reach for.
'use strict';
function format(first, ...args) {
  if (typeof first !== 'string') return [first, ...args].map((a) => (typeof a === 'string' ? a : inspect(a))).join(' ');
  let i = 0;
  const out = first.replace(/%[sdifjoO%]/g, (token) => {
    if (token === '%%') return '%';
    if (i >= args.length) return token;
    const arg = args[i++];
    if (token === '%d' || token === '%i') return String(parseInt(arg, 10));
    if (token === '%f') return String(parseFloat(arg));
    if (token === '%j') return JSON.stringify(arg);
    if (token === '%s') return String(arg);
    return inspect(arg);
  });
  return [out, ...args.slice(i).map((a) => (typeof a === 'string' ? a : inspect(a)))].join(' ');
}
function inspect(value) {
  try {
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}
function inherits(ctor, superCtor) {
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  Object.setPrototypeOf(ctor, superCtor);
  ctor.super_ = superCtor;
}
function promisify(fn) {
  return (...args) => new Promise((resolve, reject) => fn(...args, (err, value) => (err ? reject(err) : resolve(value))));
}
function deprecate(fn, message) {
  let warned = false;
  return function (...args) {
    if (!warned) {
      warned = true;
      console.warn(message);
    }
    return fn.apply(this, args);
  };
}
module.exports = {
  format,
  inspect,
  inherits,
  promisify,
  deprecate,
  isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  TextEncoder: globalThis.TextEncoder,
  TextDecoder: globalThis.TextDecoder,
  types: { isPromise: (v) => v instanceof Promise, isDate: (v) => v instanceof Date, isRegExp: (v) => v instanceof RegExp },
};

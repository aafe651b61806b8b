// Browser stand-in for Node's "util": the helpers packages commonly reach for, and the symbols they read while
// loading (`util.inspect.custom` as a class's method key, `util.promisify.custom`), the same registered
// symbols as Node's.
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
const customInspect = Symbol.for('nodejs.util.inspect.custom');
const customPromisify = Symbol.for('nodejs.util.promisify.custom');
inspect.custom = customInspect;
inspect.defaultOptions = { depth: 2, colors: false, showHidden: false, breakLength: 128, compact: 3, sorted: false };
function promisify(fn) {
  if (typeof fn !== 'function') throw new TypeError('The "original" argument must be of type function');
  if (typeof fn[customPromisify] === 'function') return fn[customPromisify];
  return function (...args) {
    return new Promise((resolve, reject) => fn.call(this, ...args, (err, value) => (err ? reject(err) : resolve(value))));
  };
}
promisify.custom = customPromisify;
function callbackify(fn) {
  return function (...args) {
    const done = args.pop();
    fn.apply(this, args).then(
      (value) => queueMicrotask(() => done(null, value)),
      (reason) => queueMicrotask(() => done(reason || new Error('Promise was rejected with a falsy value'))),
    );
  };
}
// Node logs a section only when NODE_DEBUG names it; a browser's environment names none.
function debuglog() {
  const log = () => {};
  log.enabled = false;
  return log;
}
const tag = (value) => Object.prototype.toString.call(value).slice(8, -1);
const TYPED_ARRAYS = new Set([
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
]);
const types = {
  isPromise: (v) => v instanceof Promise,
  isDate: (v) => v instanceof Date,
  isRegExp: (v) => v instanceof RegExp,
  isMap: (v) => v instanceof Map,
  isSet: (v) => v instanceof Set,
  isWeakMap: (v) => v instanceof WeakMap,
  isWeakSet: (v) => v instanceof WeakSet,
  isNativeError: (v) => v instanceof Error,
  isArrayBuffer: (v) => tag(v) === 'ArrayBuffer',
  isSharedArrayBuffer: (v) => tag(v) === 'SharedArrayBuffer',
  isAnyArrayBuffer: (v) => tag(v) === 'ArrayBuffer' || tag(v) === 'SharedArrayBuffer',
  isArrayBufferView: (v) => ArrayBuffer.isView(v),
  isDataView: (v) => tag(v) === 'DataView',
  isTypedArray: (v) => ArrayBuffer.isView(v) && TYPED_ARRAYS.has(tag(v)),
  isUint8Array: (v) => tag(v) === 'Uint8Array',
  isAsyncFunction: (v) => tag(v) === 'AsyncFunction' || tag(v) === 'AsyncGeneratorFunction',
  isGeneratorFunction: (v) => tag(v) === 'GeneratorFunction' || tag(v) === 'AsyncGeneratorFunction',
  isGeneratorObject: (v) => tag(v) === 'Generator',
  isBoxedPrimitive: (v) => v instanceof Number || v instanceof String || v instanceof Boolean || tag(v) === 'Symbol' || tag(v) === 'BigInt',
};
for (const name of TYPED_ARRAYS) if (!types[`is${name}`]) types[`is${name}`] = (v) => tag(v) === name;
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
  callbackify,
  debuglog,
  debug: debuglog,
  deprecate,
  isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  TextEncoder: globalThis.TextEncoder,
  TextDecoder: globalThis.TextDecoder,
  types,
  isArray: Array.isArray,
  isBoolean: (v) => typeof v === 'boolean',
  isNull: (v) => v === null,
  isNullOrUndefined: (v) => v == null,
  isNumber: (v) => typeof v === 'number',
  isString: (v) => typeof v === 'string',
  isSymbol: (v) => typeof v === 'symbol',
  isUndefined: (v) => v === undefined,
  isRegExp: types.isRegExp,
  isObject: (v) => v !== null && typeof v === 'object',
  isDate: types.isDate,
  isError: types.isNativeError,
  isFunction: (v) => typeof v === 'function',
  isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
};

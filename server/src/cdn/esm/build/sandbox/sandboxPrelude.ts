/**
 * The JavaScript that runs inside the interpreter before a package's module: a CommonJS loader (`require`,
 * `module`, `exports`, `__filename`, `__dirname`) over the two functions the host lends it, and the free names
 * packages read while they load. It is evaluated as an expression giving one function, called with the entry
 * file (and a property of `module.exports` to read instead, if any); that function answers
 * `Object.keys(module.exports)` as JSON.
 *
 * The host functions only ever give text: `resolve(from, specifier)` answers `file:{path}` for a file of the
 * same package, `dep:{path}` for a file of a declared dependency loaded for the run (`sandboxFiles.ts`), `empty:` for one the package's `browser` field replaces with nothing, `stub:{name}` for a Node
 * built-in or another package, `missing:` when nothing matches; `read(path)` answers a file's text, or
 * undefined; `names(stub)` answers, as JSON, the names a stand-in lists as its own. Built-ins and other
 * packages are inert stand-ins (any property, call or `new` gives another), so a module that wires them up
 * at load time still loads: only the package's own code gives it its names. A dependency loaded for the run
 * is evaluated for real, so names computed from its data (http-errors from statuses' codes) come out; one
 * that throws while loading is met as a stand-in instead. A built-in's stand-in lists the
 * names Node's module has (the strings only), so that `module.exports = require('buffer')` (safe-buffer)
 * names what Node names.
 *
 * `process` is the build's production stand-in (`../builtins/process.cjs`), not the host's; timers exist as
 * functions that never call back; there is no network, file system or environment to reach.
 */
export const SANDBOX_PRELUDE = String.raw`(function (hostResolve, hostRead, hostNames) {
  'use strict';
  var noop = function () {};
  var inert = function () { return 0; };
  var g = globalThis;

  function stub(label, names) {
    var values = new Map();
    var children = new Map();
    var target = function () {};
    var own = names || [];
    var proxy = new Proxy(target, {
      // Its own keys: the names it lists, and those a module set on it (graceful-fs patches fs and exports it).
      ownKeys: function (t) {
        var keys = Reflect.ownKeys(t);
        var extra = own.concat(Array.from(values.keys()).filter(function (key) { return typeof key === 'string'; }));
        extra.forEach(function (key) { if (keys.indexOf(key) === -1) keys.push(key); });
        return keys;
      },
      getOwnPropertyDescriptor: function (t, key) {
        var described = Reflect.getOwnPropertyDescriptor(t, key);
        if (described) return described;
        if (values.has(key)) return { value: values.get(key), writable: true, enumerable: true, configurable: true };
        if (own.indexOf(key) === -1) return undefined;
        return { value: proxy[key], writable: true, enumerable: true, configurable: true };
      },
      get: function (t, key) {
        if (values.has(key)) return values.get(key);
        if (key === Symbol.toPrimitive) return function () { return ''; };
        if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined;
        if (key === 'prototype') return t.prototype;
        if (!children.has(key)) children.set(key, stub(label + '.' + key));
        return children.get(key);
      },
      set: function (t, key, value, receiver) {
        // An object inheriting from a stand-in (a class extending EventEmitter's, readable-stream's Readable)
        // gets the property as its own, as with any prototype: only a set on the stand-in itself is kept here.
        if (receiver !== proxy) {
          Object.defineProperty(receiver, key, { value: value, writable: true, enumerable: true, configurable: true });
          return true;
        }
        values.set(key, value);
        return true;
      },
      apply: function () { return stub(label + '()'); },
      construct: function () { return stub('new ' + label); },
    });
    return proxy;
  }

  var processStandIn = {
    env: { NODE_ENV: 'production' },
    argv: [],
    version: '',
    versions: {},
    platform: 'browser',
    browser: true,
    title: 'browser',
    cwd: function () { return '/'; },
    nextTick: function (fn) { var args = Array.prototype.slice.call(arguments, 1); Promise.resolve().then(function () { fn.apply(undefined, args); }); },
    on: function () { return processStandIn; },
    once: function () { return processStandIn; },
    off: function () { return processStandIn; },
    // The rest of Node's process is an EventEmitter too: tmp registers its cleanup with addListener('exit').
    addListener: function () { return processStandIn; },
    removeListener: function () { return processStandIn; },
    prependListener: function () { return processStandIn; },
    prependOnceListener: function () { return processStandIn; },
    removeAllListeners: function () { return processStandIn; },
    listeners: function () { return []; },
    listenerCount: function () { return 0; },
    emit: function () { return false; },
    umask: inert,
    hrtime: function () { return [0, 0]; },
    exit: noop,
    emitWarning: noop,
  };
  g.process = processStandIn;
  g.global = g;
  g.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop, dir: noop, time: noop, timeEnd: noop, assert: noop };
  g.setTimeout = inert;
  g.setInterval = inert;
  g.setImmediate = inert;
  g.clearTimeout = noop;
  g.clearInterval = noop;
  g.clearImmediate = noop;
  g.queueMicrotask = function (fn) { Promise.resolve().then(fn); };
  g.Buffer = stub('Buffer');
  // V8 (Node's, and Chromium's) gives Error an enumerable own stackTraceLimit, so Node's require() of
  // "module.exports = Error" (es-errors) names it; QuickJS has none.
  if (!Object.prototype.hasOwnProperty.call(Error, 'stackTraceLimit')) Error.stackTraceLimit = 10;

  var cache = Object.create(null);

  function dirname(path) {
    var at = path.lastIndexOf('/');
    return at > 0 ? path.slice(0, at) : '/';
  }

  function notFound(specifier, from) {
    var error = new Error("Cannot find module '" + specifier + "' from '" + from + "'");
    error.code = 'MODULE_NOT_FOUND';
    return error;
  }

  function Module(path, parent) {
    this.id = path;
    this.filename = path;
    this.path = dirname(path);
    this.exports = {};
    this.loaded = false;
    this.children = [];
    this.paths = [];
    this.parent = parent;
  }

  function load(path, parent) {
    var cached = cache[path];
    if (cached) return cached.exports;
    var source = hostRead(path);
    if (typeof source !== 'string') throw notFound(path, parent ? parent.id : '/');
    var module = new Module(path, parent);
    cache[path] = module;
    if (parent) parent.children.push(module);
    try {
      if (/\.json$/i.test(path)) {
        module.exports = JSON.parse(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source);
      } else {
        var body = source.charAt(0) === '#' && source.charAt(1) === '!' ? '//' + source : source;
        var wrapper = (0, eval)('(function (exports, require, module, __filename, __dirname) {' + body + '\n})');
        module.require = makeRequire(module);
        wrapper.call(module.exports, module.exports, module.require, module, path, dirname(path));
      }
    } catch (error) {
      delete cache[path];
      throw error;
    }
    module.loaded = true;
    return module.exports;
  }

  function makeRequire(module) {
    function locate(specifier) {
      if (typeof specifier !== 'string') throw new TypeError('The "id" argument must be of type string.');
      return String(hostResolve(module.id, specifier));
    }
    function require(specifier) {
      var found = locate(specifier);
      if (found.indexOf('file:') === 0) return load(found.slice(5), module);
      if (found.indexOf('dep:') === 0) {
        // A dependency that cannot load here (it needs a real built-in at load time) is met as a stand-in,
        // as when it was not loaded at all: the module requiring it keeps its chance to name its exports.
        try {
          return load(found.slice(4), module);
        } catch (error) {
          return stub(specifier, []);
        }
      }
      if (found.indexOf('stub:') === 0) return stub(found.slice(5), JSON.parse(String(hostNames(found.slice(5)))));
      if (found === 'empty:') return {};
      throw notFound(specifier, module.id);
    }
    require.resolve = function (specifier) {
      var found = locate(specifier);
      if (found.indexOf('file:') === 0) return found.slice(5);
      if (found.indexOf('dep:') === 0) return found.slice(4);
      if (found.indexOf('stub:') === 0) return found.slice(5);
      throw notFound(specifier, module.id);
    };
    require.cache = cache;
    return require;
  }

  return function (entry, property) {
    var value = load(entry, null);
    if (property !== undefined) value = value !== null && value !== undefined ? value[property] : undefined;
    var isObject = value !== null && (typeof value === 'object' || typeof value === 'function');
    var keys = isObject ? Object.keys(value) : [];
    var esModule = false;
    try {
      esModule = isObject && value.__esModule === true;
    } catch (error) {
      esModule = false;
    }
    return JSON.stringify({ names: keys.filter(function (key) { return typeof key === 'string'; }), esModule: esModule });
  };
})`;

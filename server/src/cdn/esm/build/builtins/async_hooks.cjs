// Browser stand-in for Node's "async_hooks": AsyncLocalStorage and AsyncResource, which packages make while
// they load (import-fresh, request-scoped loggers). A browser has no way to carry a store across an await
// or a timer, so a store is what run() and enterWith() set for the synchronous code they run, and a
// callback bound with bind() or snapshot() gets the store of the moment it was bound. Hooks are accepted
// and never called: a browser tracks no asynchronous resources.
'use strict';
let current = new Map();

class AsyncLocalStorage {
  constructor() {
    this.enabled = true;
  }
  static bind(fn) {
    return AsyncResource.bind(fn);
  }
  static snapshot() {
    const saved = current;
    return (fn, ...args) => within(saved, () => fn(...args));
  }
  getStore() {
    return this.enabled ? current.get(this) : undefined;
  }
  run(store, fn, ...args) {
    const next = new Map(current);
    next.set(this, store);
    this.enabled = true;
    return within(next, () => fn(...args));
  }
  exit(fn, ...args) {
    const next = new Map(current);
    next.delete(this);
    return within(next, () => fn(...args));
  }
  enterWith(store) {
    current = new Map(current);
    current.set(this, store);
    this.enabled = true;
  }
  disable() {
    this.enabled = false;
    current = new Map(current);
    current.delete(this);
  }
}

function within(stores, fn) {
  const saved = current;
  current = stores;
  try {
    return fn();
  } finally {
    current = saved;
  }
}

let nextId = 1;

class AsyncResource {
  constructor(type) {
    this.type = type;
    this.stores = current;
    this.id = ++nextId;
  }
  static bind(fn, type, thisArg) {
    return new AsyncResource(type || fn.name || 'bound-anonymous-fn').bind(fn, thisArg);
  }
  bind(fn, thisArg) {
    const run = (self, args) => this.runInAsyncScope(fn, thisArg === undefined ? self : thisArg, ...args);
    return function (...args) {
      return run(this, args);
    };
  }
  runInAsyncScope(fn, thisArg, ...args) {
    return within(this.stores, () => fn.apply(thisArg, args));
  }
  emitDestroy() {
    return this;
  }
  asyncId() {
    return this.id;
  }
  triggerAsyncId() {
    return 1;
  }
}

module.exports = {
  AsyncLocalStorage,
  AsyncResource,
  createHook: () => ({
    enable() {
      return this;
    },
    disable() {
      return this;
    },
  }),
  executionAsyncId: () => 1,
  triggerAsyncId: () => 0,
  executionAsyncResource: () => ({}),
  asyncWrapProviders: {},
};

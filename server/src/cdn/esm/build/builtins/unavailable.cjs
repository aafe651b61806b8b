// Stands in for a Node built-in that has no browser equivalent. Importing it succeeds (a package may only
// need the module on some code paths); using anything from it throws an error that says why.
//
// Given the shape of Node's own module (its names, read from Node when the build is made), the stand-in is a
// plain object with those names, as packages expect when they load: graceful-fs copies and patches every
// property of `fs`, fs-extra wraps each function, `class X extends net.Socket` needs a class. Functions throw
// when called and classes when constructed; Node's constants (`fs.constants`, `F_OK`) keep their values, and
// a name that is the same Web API in Node and in browsers (`Blob`, `performance`, `webcrypto`) is the
// browser's own. Without a shape, a proxy stands in for any name.
'use strict';
module.exports = function unavailable(moduleName, packageLabel, shape, webNames) {
  const message = `The Node.js built-in module "${moduleName}" is not available in browsers; ${packageLabel} needs it for this operation.`;
  const fail = () => {
    throw new Error(message);
  };
  if (shape) return fromShape(shape, fail, webNames || {});
  const quiet = new Set(['__esModule', 'then', 'default', 'constructor', 'toJSON', '$$typeof', 'prototype']);
  const make = () =>
    new Proxy(function () {}, {
      get: (_target, key) => (typeof key === 'symbol' || quiet.has(key) ? undefined : make()),
      apply: fail,
      construct: fail,
      set: fail,
      ownKeys: () => ['prototype'],
      getPrototypeOf: () => member,
    });
  // Named imports read through the prototype of the namespace object esbuild builds from a CommonJS module.
  const member = new Proxy({}, { get: (_target, key) => (typeof key === 'symbol' || quiet.has(key) ? undefined : make()) });
  return make();
};

// A shape is { k: 'f', m?: members } (function), { k: 'c', made?: 1 } (class), { k: 'v', v: value } or
// { k: 'o', m: members }.
function fromShape(shape, fail, webNames) {
  const build = (node, name) => {
    if (node.k === 'v') return node.v;
    let value;
    if (node.k === 'c')
      value = {
        [name]: class {
          constructor(options) {
            // A class packages make while loading (an http Agent) is made; the requests it is for throw.
            if (!node.made) fail();
            this.options = { ...options };
          }
        },
      }[name];
    else if (node.k === 'f')
      value = {
        [name]: function () {
          return fail();
        },
      }[name];
    else value = {};
    for (const [key, child] of Object.entries(node.m || {})) value[key] = build(child, key);
    return value;
  };
  const exported = build(shape, 'module');
  for (const [key, read] of Object.entries(webNames)) {
    if (!Object.hasOwn(exported, key)) continue;
    try {
      const web = read();
      if (web !== undefined) exported[key] = web;
    } catch {
      // The browser lacks it: the stand-in that throws stays.
    }
  }
  return exported;
}

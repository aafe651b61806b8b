// Stands in for a Node built-in that has no browser equivalent. Importing it succeeds (a package may only
// need the module on some code paths); using anything from it throws an error that says why.
'use strict';
module.exports = function unavailable(moduleName, packageLabel) {
  const message = `The Node.js built-in module "${moduleName}" is not available in browsers; ${packageLabel} needs it for this operation.`;
  const fail = () => {
    throw new Error(message);
  };
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

// Browser stand-in for Node's "module": the lists packages read when they load (builtinModules, isBuiltin),
// and a createRequire whose require throws where it is called, since a browser has no files to load.
'use strict';
module.exports = function moduleStandIn(builtinModules, packageLabel) {
  const names = new Set(builtinModules);
  const isBuiltin = (name) => names.has(String(name).replace(/^node:/, ''));
  const createRequire = () => {
    const require = (id) => {
      throw new Error(
        `require(${JSON.stringify(id)}) through Node's module.createRequire is not available in browsers; ${packageLabel} needs it for this operation.`,
      );
    };
    require.resolve = require;
    require.cache = Object.create(null);
    return require;
  };
  function Module() {
    throw new Error(`Node's Module class is not available in browsers; ${packageLabel} needs it for this operation.`);
  }
  Object.assign(Module, { builtinModules, isBuiltin, createRequire, Module });
  return Module;
};

/**
 * One module federation runtime per page. Remotes are built without it (`experiments.externalRuntime`:
 * their bundler runtime reads `_FEDERATION_RUNTIME_CORE` from the global object), so a first visit does not
 * download it once in the shell and again in every remoteEntry.js. The shell provides it (the runtime plugin
 * federationRuntimePlugin.mjs), and so does a remote's standalone page (standaloneFederationRuntime.mjs),
 * which has no shell.
 *
 * The module federation packages' own provider hands over the whole runtime-core namespace, which defeats
 * tree-shaking and made the shell's script 24 kB (gzip) larger than everything the remotes save on a page
 * with one remote. This one hands over what a remote's bundler runtime reads from it: the names
 * @module-federation/webpack-bundler-runtime and @module-federation/runtime use (version pinned by the lock
 * file; check again on an upgrade).
 */
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-tools/runtime-core';

const runtimeCore = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/** Makes the runtime available to remotes; the first provider on a page wins. */
export function provideFederationRuntime() {
  if (!globalThis._FEDERATION_RUNTIME_CORE) globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
}

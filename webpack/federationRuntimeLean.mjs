/**
 * Stand-ins, in the shell's build only, for two modules of the federation runtime the website never runs:
 * the snapshot handler (reading remotes' mf-manifest.json, turned off with `disableSnapshot`, yet still
 * constructed by the runtime whenever remotes are enabled) and the asset preloader (`preloadRemote`, which
 * nothing calls). Together with the manifest-to-snapshot code they pull in, that is about 10 kB of the
 * shell's main script (2.6 kB gzipped) on every first visit.
 *
 * What the runtime still reads of them is kept: the handler's hook system (plugins register on it) and its
 * manifest cache (removing a remote clears it). Names and shapes are those of
 * @module-federation/runtime-core 2.9 (version pinned by the lock file; check again on an upgrade).
 */
import { DisabledSnapshotHandler } from '../node_modules/@module-federation/runtime-core/dist/plugins/snapshot/disabled.js';

const UNAVAILABLE = 'Remote snapshots and preloading are not part of this build (the shell registers remotes by their remoteEntry.js).';

/** `core.js` constructs it, `remote/index.js` clears its manifest cache when a remote is removed. */
export class SnapshotHandler extends DisabledSnapshotHandler {
  constructor(hostInstance) {
    super();
    this.HostInstance = hostInstance;
    this.manifestCache = new Map();
  }

  loadRemoteSnapshotInfo() {
    return Promise.reject(new Error(UNAVAILABLE));
  }
}

/** Without snapshots the host has no global snapshot, so removing a remote has none to update. */
export function getGlobalRemoteInfo() {
  return { hostGlobalSnapshot: undefined, globalSnapshot: undefined, remoteSnapshot: undefined };
}

export function defaultPreloadArgs(preloadConfig) {
  return { resourceCategory: 'sync', share: true, depsRemote: true, recordPreloadedAssets: true, ...preloadConfig };
}

export function formatPreloadArgs() {
  throw new Error(UNAVAILABLE);
}

export function normalizePreloadExposes(exposes) {
  return exposes ? exposes.map((expose) => (expose === '.' ? expose : expose.startsWith('./') ? expose.replace('./', '') : expose)) : [];
}

export function preloadAssets() {
  throw new Error(UNAVAILABLE);
}

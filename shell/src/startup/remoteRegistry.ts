/**
 * Finds the remotes at run time: the runtime configuration names the remotes manifest, the manifest names
 * each remote's mf-manifest.json, and the federation runtime is told about them. A failure is not
 * remembered, so a Retry on a remote's fallback starts again from the configuration.
 */
import { loadRuntimeConfig } from '@skylift/shared';
import { fetchRemotesManifest } from '@skylift/shared/federation/index';
import { registerRemoteManifest } from '@skylift/shared/federation/loadRemoteModule';

let registration: Promise<void> | null = null;

export function ensureRemotesRegistered(): Promise<void> {
  if (registration) return registration;
  const attempt = (async () => {
    const config = await loadRuntimeConfig('/config.json');
    const manifest = await fetchRemotesManifest(config.remotesManifestUrl);
    registerRemoteManifest(manifest);
  })();
  registration = attempt;
  attempt.catch(() => {
    if (registration === attempt) registration = null;
  });
  return attempt;
}

/** Forgets the registration; for tests. */
export function resetRemoteRegistry(): void {
  registration = null;
}

/**
 * Finds the remotes at run time: the runtime configuration names the remotes manifest, the manifest names
 * each remote's mf-manifest.json, and the federation runtime is told about them. A failure is not
 * remembered, and a Retry on a remote's fallback reads the remotes manifest again (a deployment may have
 * moved the remote meanwhile).
 */
import { loadRuntimeConfig } from '@skylift/shared';
import { fetchRemotesManifest } from '@skylift/shared/federation/index';
import { registerRemoteManifest } from '@skylift/shared/federation/loadRemoteModule';

let registration: Promise<void> | null = null;

export function ensureRemotesRegistered({ refresh = false } = {}): Promise<void> {
  if (registration && !refresh) return registration;
  const attempt = (async () => {
    const config = await loadRuntimeConfig('/config.json');
    // Never a cached copy: the manifest is how a deployment moves a remote.
    const manifest = await fetchRemotesManifest(config.remotesManifestUrl, (input, init) => fetch(input, { ...init, cache: 'no-store' }));
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

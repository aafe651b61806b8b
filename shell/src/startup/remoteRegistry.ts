/**
 * Tells the federation runtime where the remotes are. At start-up the remotes come from the boot document;
 * a Retry on a remote's fallback reads the remotes manifest (`/remotes.json`) again, since a deployment may
 * have moved the remote meanwhile. A failure is not remembered.
 */
import { getRuntimeConfig } from '@skylift/shared';
import type { RemotesManifest } from '@skylift/shared/pages';
import { parseRemotesManifest } from '@skylift/shared/pages';
import { registerRemoteManifest } from '../remotes/loadRemoteModule';

let registration: Promise<void> | null = null;

/** Registers the remotes the page arrived with. */
export function registerBootRemotes(remotes: RemotesManifest): void {
  registerRemoteManifest(remotes);
  registration = Promise.resolve();
}

async function fetchRemotesManifest(): Promise<RemotesManifest> {
  const url = getRuntimeConfig().remotesManifestUrl;
  // Never a cached copy: the manifest is how a deployment moves a remote.
  const response = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`The remotes manifest could not be loaded (HTTP ${response.status}).`);
  return parseRemotesManifest(await response.json(), new URL(url, globalThis.location?.href ?? 'http://localhost/').href);
}

export function ensureRemotesRegistered({ refresh = false } = {}): Promise<void> {
  if (registration && !refresh) return registration;
  const attempt = fetchRemotesManifest().then(registerRemoteManifest);
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

/**
 * Reads and checks the remotes manifest (remote name to the URL of its mf-manifest.json), so a malformed
 * deployment fails with a message, not a blank page. Which remotes exist is the deployment's business: the
 * manifest names them, in the order their pages are matched.
 */
import type { RemotesManifest } from './contract';

export class RemotesManifestError extends Error {
  override name = 'RemotesManifestError';
}

const REMOTE_NAME = /^[a-z][a-z0-9-]{0,63}$/;
const MAX_REMOTES = 50;

/** The file a remote's build publishes its page declarations in, beside its federation manifest. */
export const PAGES_FILE = 'mf-pages.json';

export function pagesUrlOf(manifestUrl: string): string {
  return new URL(PAGES_FILE, manifestUrl).href;
}

/** The container script every remote's build publishes beside its federation manifest (webpack/createConfig.mjs). */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * The browser loads a remote by its container script, not by its federation manifest: the manifest would
 * cost a request before the script and the federation runtime's code for reading it (the web server still
 * reads the manifest and the page declarations beside it).
 */
export function remoteEntryUrlOf(manifestUrl: string): string {
  return new URL(REMOTE_ENTRY_FILE, manifestUrl).href;
}

export function parseRemotesManifest(value: unknown, baseUrl: string): RemotesManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RemotesManifestError('The remotes manifest is not a JSON object.');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw new RemotesManifestError('The remotes manifest names no remote.');
  if (entries.length > MAX_REMOTES) throw new RemotesManifestError(`The remotes manifest names more than ${MAX_REMOTES} remotes.`);
  const manifest: RemotesManifest = {};
  for (const [name, url] of entries) {
    if (!REMOTE_NAME.test(name)) throw new RemotesManifestError(`The remotes manifest has an invalid remote name "${name}".`);
    if (typeof url !== 'string' || url === '') throw new RemotesManifestError(`The remotes manifest has no URL for ${name}.`);
    try {
      manifest[name] = new URL(url, baseUrl).href;
    } catch {
      throw new RemotesManifestError(`The remotes manifest has an invalid URL for ${name}.`);
    }
  }
  return manifest;
}

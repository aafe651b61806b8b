/** Reads and checks the remotes manifest, so a malformed deployment fails with a message, not a blank page. */
import { REMOTE_NAMES } from '../routes/routeTable';
import type { RemotesManifest } from './contract';

export class RemotesManifestError extends Error {
  override name = 'RemotesManifestError';
}

export function parseRemotesManifest(value: unknown, baseUrl: string): RemotesManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RemotesManifestError('The remotes manifest is not a JSON object.');
  }
  const record = value as Record<string, unknown>;
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const url = record[name];
    if (typeof url !== 'string' || url === '') {
      throw new RemotesManifestError(`The remotes manifest has no URL for ${name}.`);
    }
    manifest[name] = new URL(url, baseUrl).href;
  }
  return manifest;
}

export async function fetchRemotesManifest(url: string, fetchImpl: typeof fetch = fetch): Promise<RemotesManifest> {
  const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new RemotesManifestError(`The remotes manifest could not be loaded (HTTP ${response.status}).`);
  return parseRemotesManifest(await response.json(), new URL(url, globalThis.location?.href ?? 'http://localhost/').href);
}

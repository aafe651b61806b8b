/**
 * The only place that talks to the module federation runtime. Everything else (and every jest test, which
 * mocks this module) goes through these functions, so no test ever loads a real remote.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteEntryUrlOf, type ExposeName, type RemoteExposes, type RemoteName, type RemotesManifest } from '@skylift/shared/pages';
import { remoteErrorPlugin } from './remoteErrorPlugin';

/** Federation names cannot contain dashes; a remote's name in the manifest can. */
export const federationName = (remote: RemoteName): string => remote.replace(/-/g, '_');

let registered: RemotesManifest | null = null;

/**
 * Registers the remotes of the manifest with the runtime. Called again with a newer manifest, it replaces
 * only the remotes whose address changed, so remotes already running are left alone.
 */
export function registerRemoteManifest(manifest: RemotesManifest): void {
  if (registered === null) registerPlugins([remoteErrorPlugin()]);
  const previous = registered;
  registered = { ...manifest };
  const changed = Object.entries(manifest).filter(([remote, entry]) => previous?.[remote] !== entry);
  if (changed.length === 0) return;
  registerRemotes(
    changed.map(([remote, manifestUrl]) => ({ name: federationName(remote), entry: remoteEntryUrlOf(manifestUrl) })),
    { force: previous !== null },
  );
}

export interface LoadOptions {
  /**
   * Forget what the runtime remembers about this remote (a failed manifest or entry, or an entry whose
   * chunks a new deployment removed) before loading, and fetch its entry anew past any cache: a retry really
   * fetches again, and gets the deployment now live.
   */
  fresh?: boolean;
}

let reloads = 0;

/** The entry's address with a query no earlier load used, so that neither the browser nor the runtime reuses it. */
function freshEntryUrl(manifestUrl: string): string {
  const url = new URL(remoteEntryUrlOf(manifestUrl));
  reloads += 1;
  url.searchParams.set('reload', `${Date.now().toString(36)}-${reloads}`);
  return url.href;
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: RemoteName,
    readonly expose: string,
    options?: { cause?: unknown },
  ) {
    super(`${remote} could not be loaded (${expose}).`, options);
  }
}

/** An expose of the contract every remote keeps (`./pages`, `./mount`), typed by it. */
export function loadRemoteModule<E extends ExposeName>(remote: RemoteName, expose: E, options?: LoadOptions): Promise<RemoteExposes[E]>;
/** An expose a remote declares itself (one that fills a slot of the frame): the caller checks what it holds. */
export function loadRemoteModule(remote: RemoteName, expose: `./${string}`, options?: LoadOptions): Promise<unknown>;
export async function loadRemoteModule(remote: RemoteName, expose: `./${string}`, options: LoadOptions = {}): Promise<unknown> {
  if (registered === null) throw new RemoteLoadError(remote, expose, { cause: new Error('The remotes manifest has not been registered.') });
  const entry = registered[remote];
  if (entry === undefined) throw new RemoteLoadError(remote, expose, { cause: new Error(`The remotes manifest names no remote ${remote}.`) });
  if (options.fresh) {
    registerRemotes([{ name: federationName(remote), entry: freshEntryUrl(entry) }], { force: true });
  }
  let loaded: unknown;
  try {
    loaded = await loadRemote(`${federationName(remote)}/${expose.slice(2)}`);
  } catch (error) {
    throw new RemoteLoadError(remote, expose, { cause: error });
  }
  if (loaded === null || loaded === undefined) throw new RemoteLoadError(remote, expose);
  return loaded;
}

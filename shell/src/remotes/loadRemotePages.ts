/**
 * Loads a remote's `./pages` module (its page declaration), once per remote while it works. A failed load is not cached, and a
 * retry asks the federation runtime to forget the failed remote first, so it really fetches again.
 */
import type { PagesModule, RemoteName } from '@skylift/shared/pages';
import { loadRemoteModule } from './loadRemoteModule';
import { ensureRemotesRegistered } from '../startup/remoteRegistry';

const loaded = new Map<RemoteName, PagesModule>();

export function loadedPages(remote: RemoteName): PagesModule | undefined {
  return loaded.get(remote);
}

export async function loadRemotePages(remote: RemoteName, { retry = false } = {}): Promise<PagesModule> {
  const cached = loaded.get(remote);
  if (cached && !retry) return cached;
  await ensureRemotesRegistered({ refresh: retry });
  const module = await loadRemoteModule(remote, './pages', { fresh: retry });
  if (!Array.isArray(module.pages?.pages)) throw new Error(`${remote} exposes no page declaration.`);
  loaded.set(remote, module);
  return module;
}

/** Forgets every loaded remote; for tests. */
export function forgetLoadedPages(): void {
  loaded.clear();
}

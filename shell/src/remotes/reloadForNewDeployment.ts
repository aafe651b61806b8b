/**
 * A remote redeployed under an open page: the page's copy of the remote knows chunks the new deployment removed,
 * and a second copy of the remote's webpack runtime cannot run beside the first in one page (they share its
 * chunk registry), so the page is loaded again at the address the visitor asked for, from the deployment now
 * live. Once: a reload of the same address within a minute means the code is missing for another reason, and the
 * caller shows its fallback instead of reloading in a loop.
 */
const KEY = 'skylift:reloaded-for-deployment';
export const RELOAD_WINDOW_MS = 60_000;

interface Reload {
  address: string;
  at: number;
}

export interface ReloadEnvironment {
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'reload'>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: number;
}

const browser = (): ReloadEnvironment => {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): without a memory of the last reload, none is tried.
  }
  return { location: window.location, storage, now: Date.now() };
};

/** Reloads the page unless it was reloaded for this address within the last minute; says whether it did. */
export function reloadForNewDeployment(environment: ReloadEnvironment = browser()): boolean {
  const { location, storage, now } = environment;
  if (!storage) return false;
  const address = `${location.pathname}${location.search}${location.hash}`;
  let last: Reload | null;
  try {
    last = JSON.parse(storage.getItem(KEY) ?? 'null') as Reload | null;
  } catch {
    last = null;
  }
  if (last && last.address === address && now - last.at < RELOAD_WINDOW_MS) return false;
  storage.setItem(KEY, JSON.stringify({ address, at: now } satisfies Reload));
  location.reload();
  return true;
}

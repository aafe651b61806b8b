/**
 * localStorage that never breaks the page: in private modes, with storage disabled or full, reading or
 * writing throws (even touching `window.localStorage` can). Callers learn whether it worked.
 */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns true if the value was stored. */
export function writeStored(key: string, value: string): boolean {
  try {
    const target = storage();
    if (!target) return false;
    target.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

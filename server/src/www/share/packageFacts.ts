/**
 * What the web server needs to know about a package for its page's HTML and its share image: whether it
 * exists (a page for a package that does not is marked noindex) and its description. Asked of the package
 * layer with a short deadline: a slow or failing upstream must not hold the page back, it only leaves the
 * generic texts in place.
 */
import { PackageError, type PackageRef, type PackageStore } from '../../packages/types.ts';

export interface PackageFacts {
  exists: boolean;
  description: string | null;
  /** Newest first, and the tags: which version a page shows is the page's rule (`pageVersion`). */
  versions: string[];
  tags: Record<string, string>;
}

/** How long the page waits for the package layer before answering with the generic texts. */
const FACTS_DEADLINE_MS = 1_500;
const MAX_DESCRIPTION = 300;

/** The package a page address names: `/package/npm/{scope?}/{name}` or `/package/gh/{user}/{repo}`. */
export function packageOfPage(pathname: string): PackageRef | null {
  const match = /^\/package\/(npm|gh)\/(.+?)\/?$/.exec(pathname);
  if (!match) return null;
  const [, type, name = ''] = match;
  const segments = name.split('/');
  if (type === 'gh') return segments.length === 2 ? { type: 'gh', name } : null;
  if (segments.length === 2 && segments[0]?.startsWith('@')) return { type: 'npm', name };
  return segments.length === 1 ? { type: 'npm', name } : null;
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Facts of a package; `null` when they could not be learned in time (upstream down or slow). */
export async function packageFacts(store: PackageStore, ref: PackageRef, deadlineMs = FACTS_DEADLINE_MS): Promise<PackageFacts | null> {
  const work = (async (): Promise<PackageFacts> => {
    try {
      const versions = await store.versions(ref);
      const known = { versions: versions.versions.map((v) => v.version), tags: versions.tags };
      const latest = versions.tags['latest'] ?? versions.versions[0]?.version;
      if (ref.type !== 'npm' || !latest) return { exists: true, description: null, ...known };
      const manifest = await store.manifest(ref, latest).catch(() => null);
      const description = typeof manifest?.['description'] === 'string' ? manifest['description'].trim().slice(0, MAX_DESCRIPTION) : '';
      return { exists: true, description: description || null, ...known };
    } catch (error) {
      if (error instanceof PackageError && error.status === 404) return { exists: false, description: null, versions: [], tags: {} };
      throw error;
    }
  })();
  try {
    const result = await withDeadline(work, deadlineMs);
    return result === 'late' ? null : result;
  } catch {
    return null;
  }
}

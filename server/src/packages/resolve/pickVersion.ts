/**
 * Picking the best of several versions that a range allows: the highest, preferring versions that are
 * neither deprecated nor prereleases when the range allows both. Shared by npm packages and GitHub tags.
 */
import semver from 'semver';

export interface Candidate {
  version: string;
  deprecated?: boolean;
}

/** Highest first, in tiers: stable and supported, stable but deprecated, prerelease, deprecated prerelease. */
export function pickPreferred(candidates: Candidate[]): string | null {
  let best: { tier: number; version: string } | null = null;
  for (const c of candidates) {
    const tier = (semver.prerelease(c.version) ? 2 : 0) + (c.deprecated ? 1 : 0);
    if (!best || tier < best.tier || (tier === best.tier && semver.gt(c.version, best.version))) best = { tier, version: c.version };
  }
  return best?.version ?? null;
}

/** The range a request names, or null when it is not a range. Prereleases are matched; the tiers decide. */
export function parseRange(requested: string): string | null {
  try {
    return semver.validRange(requested, { includePrerelease: true });
  } catch {
    return null;
  }
}

export function satisfies(version: string, range: string): boolean {
  return semver.satisfies(version, range, { includePrerelease: true });
}

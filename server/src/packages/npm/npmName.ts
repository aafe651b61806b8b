/**
 * Whether a string is an npm package name (`validate-npm-package-name`, names of old packages allowed), with
 * the names already found valid kept in a bounded cache: every request names a package, the same popular
 * names come again and again, and a flood of distinct names only evicts.
 */
import { LRUCache } from 'lru-cache';
import validateNpmPackageName from 'validate-npm-package-name';

const knownValid = new LRUCache<string, true>({ max: 10_000 });

/** Why `name` is not an npm package name, or null when it is one. */
export function npmNameProblem(name: string): string | null {
  if (knownValid.has(name)) return null;
  const result = validateNpmPackageName(name);
  if (!result.validForOldPackages) return result.errors?.[0] ?? result.warnings?.[0] ?? 'not a valid npm package name';
  knownValid.set(name, true);
  return null;
}

export function isNpmName(name: string): boolean {
  return npmNameProblem(name) === null;
}

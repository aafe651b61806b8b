/**
 * The operator's allow-list and deny-list of npm packages (`config/packageAccess.ts`). The package store asks
 * it before any lookup, so the CDN (files, listings, `+esm`, combine), the data API and the website refuse
 * the same packages with the same 403; the search service asks it to keep them out of its answers.
 */
import type { PackageAccessConfig } from '../config/packageAccess.ts';
import { PackageError } from './types.ts';

export interface PackageAccess {
  /** Whether the npm package may be served. */
  allowed(name: string): boolean;
  /** Throws the 403 a refused package answers with. */
  check(name: string): void;
}

/** `@acme/x` is in a list that names it or its scope `@acme`. */
function listed(list: readonly string[], name: string): boolean {
  const lower = name.toLowerCase();
  const scope = lower.startsWith('@') ? lower.slice(0, lower.indexOf('/')) : undefined;
  return list.some((entry) => entry === lower || entry === scope);
}

export function packageAccess(config: PackageAccessConfig | undefined): PackageAccess {
  const deny = config?.deny ?? [];
  const allow = config?.allow;
  const refusal = (name: string): string | null => {
    if (listed(deny, name)) return `Package ${name} is blocked by this CDN's operator.`;
    if (allow && !listed(allow, name)) return `Package ${name} is not on the list of packages this CDN serves.`;
    return null;
  };
  return {
    allowed: (name) => refusal(name) === null,
    check(name) {
      const message = refusal(name);
      if (message) throw new PackageError(403, message);
    },
  };
}

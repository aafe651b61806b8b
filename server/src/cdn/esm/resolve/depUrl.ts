/**
 * Where an import of another package points: `/npm/{dep}@{exact version}[/{sub}]/+esm`, the version resolved
 * from the importing package's `dependencies`, then `peerDependencies`, then `devDependencies` range (any
 * version when none is declared). Two packages declaring the same range get the same URL, so a page loads
 * one copy of a shared dependency.
 */
import semver from 'semver';

const RANGE_FIELDS = ['dependencies', 'peerDependencies', 'devDependencies'] as const;

export interface DeclaredDependency {
  /** The package to fetch: the declared name, or the target of an `npm:` alias. */
  name: string;
  /** A semver range or tag to resolve; '' for the latest version. */
  range: string;
}

/** The range a manifest declares for a dependency, looked up in the agreed order. */
export function declaredDependency(manifest: Record<string, unknown>, name: string): DeclaredDependency {
  for (const fieldName of RANGE_FIELDS) {
    const fieldValue = manifest[fieldName];
    if (!fieldValue || typeof fieldValue !== 'object') continue;
    const declared = (fieldValue as Record<string, unknown>)[name];
    if (typeof declared !== 'string') continue;
    const alias = /^npm:((?:@[^/@]+\/)?[^/@]+)(?:@(.*))?$/.exec(declared);
    if (alias) return { name: alias[1]!, range: usableRange(alias[2] ?? '') };
    return { name, range: usableRange(declared) };
  }
  return { name, range: '' };
}

/** Ranges and tags pass; git, file, workspace and URL specifiers cannot be resolved on a registry: latest. */
function usableRange(declared: string): string {
  const trimmed = declared.trim();
  if (trimmed === '' || trimmed === '*') return '';
  if (semver.validRange(trimmed)) return trimmed;
  return /^[A-Za-z][\w.-]*$/.test(trimmed) ? trimmed : '';
}

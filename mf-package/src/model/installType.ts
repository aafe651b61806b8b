/**
 * The install block's ESM / Default switch (spec 000 §4). ESM is the CDN's module build (`/+esm`) of an
 * npm package that ships ES modules; Default is the package's own entry files. The switch is unset until
 * the entry points are known, and only enabled when both forms exist.
 */
import type { PackageEntrypoints, PackageType } from '@skylift/shared';

export type InstallType = 'esm' | 'default';

export interface InstallTypeState {
  /** null until the entry points have loaded (or failed). */
  selected: InstallType | null;
  esmAvailable: boolean;
  defaultAvailable: boolean;
  /** Both forms exist, so the visitor may switch. */
  switchEnabled: boolean;
}

export function installTypeState(type: PackageType, hasEsmModuleType: boolean, entrypoints: PackageEntrypoints['entrypoints'] | null | undefined): InstallTypeState {
  const esmAvailable = type === 'npm' && hasEsmModuleType;
  if (entrypoints === undefined) return { selected: null, esmAvailable, defaultAvailable: false, switchEnabled: false };
  const found = [entrypoints?.js, entrypoints?.css].filter((entry) => entry !== undefined);
  const defaultAvailable = found.length > 0;
  const allGuessed = found.every((entry) => entry.guessed);
  const selected: InstallType = (defaultAvailable && !allGuessed) || !esmAvailable ? 'default' : 'esm';
  return { selected, esmAvailable, defaultAvailable, switchEnabled: esmAvailable && defaultAvailable };
}

/**
 * Whether a package ships ES modules, read from its package.json the way bundlers do: `type: module`, a
 * `module` field, or an `import` condition in `exports`.
 */
export function hasEsmModuleType(manifest: Record<string, unknown> | null): boolean {
  if (!manifest) return false;
  if (manifest['type'] === 'module' || typeof manifest['module'] === 'string') return true;
  const hasImportCondition = (value: unknown, depth: number): boolean => {
    if (depth > 6 || typeof value !== 'object' || value === null) return false;
    return Object.entries(value).some(([key, inner]) => key === 'import' || hasImportCondition(inner, depth + 1));
  };
  return hasImportCondition(manifest['exports'], 0);
}

/**
 * The install block's ESM / Default switch. ESM is the CDN's module build (`/+esm`), which
 * the CDN makes from any npm package with a JavaScript entry, CommonJS ones included; Default is the
 * package's own entry files. The switch is unset until the entry points are known; each choice is offered
 * when its form exists, and the visitor may switch when both do.
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

export function installTypeState(type: PackageType, hasJsEntry: boolean, entrypoints: PackageEntrypoints['entrypoints'] | null | undefined): InstallTypeState {
  const esmAvailable = type === 'npm' && (hasJsEntry || entrypoints?.js !== undefined);
  if (entrypoints === undefined) return { selected: null, esmAvailable, defaultAvailable: false, switchEnabled: false };
  const found = [entrypoints?.js, entrypoints?.css].filter((entry) => entry !== undefined);
  const defaultAvailable = found.length > 0;
  const allGuessed = found.every((entry) => entry.guessed);
  const selected: InstallType = (defaultAvailable && !allGuessed) || !esmAvailable ? 'default' : 'esm';
  return { selected, esmAvailable, defaultAvailable, switchEnabled: esmAvailable && defaultAvailable };
}

/**
 * Whether the CDN can build the package as a module: its package.json names a JavaScript entry the way
 * the module build resolves one (`exports`, `module`, `jsnext:main`, `main` or `browser`). A package of
 * stylesheets or fonts names none.
 */
export function hasJsEntry(manifest: Record<string, unknown> | null): boolean {
  if (!manifest) return false;
  if (manifest['exports'] !== undefined && manifest['exports'] !== null) return true;
  return ['module', 'jsnext:main', 'main', 'browser'].some(
    (field) => typeof manifest[field] === 'string' && /\.(?:m?js|cjs)$|^[^.]*$/.test(manifest[field] as string),
  );
}

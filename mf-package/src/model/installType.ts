/**
 * The install block's ESM / Default switch. ESM is the CDN's module build (`/+esm`), which
 * the CDN makes from any npm package with a JavaScript entry, CommonJS ones included; Default is the
 * package's own entry files. The switch is unset until the entry points are known; each choice is offered
 * when its form exists, and the visitor may switch when both do. A default JavaScript file a `<script>` tag
 * cannot run (CommonJS, as react's `index.js`, or an ES module) opens on ESM instead, and says why.
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
  /** The default JavaScript file's format when a `<script>` tag cannot run it, else null. */
  scriptProblem: 'commonjs' | 'module' | null;
}

/** `jsEntry`: the package.json names a JavaScript entry the module build starts from (the data API tells). */
export function installTypeState(type: PackageType, jsEntry: boolean, entrypoints: PackageEntrypoints['entrypoints'] | null | undefined): InstallTypeState {
  const esmAvailable = type === 'npm' && (jsEntry || entrypoints?.js !== undefined);
  if (entrypoints === undefined) return { selected: null, esmAvailable, defaultAvailable: false, switchEnabled: false, scriptProblem: null };
  const found = [entrypoints?.js, entrypoints?.css].filter((entry) => entry !== undefined);
  const defaultAvailable = found.length > 0;
  const allGuessed = found.every((entry) => entry.guessed);
  const format = entrypoints?.js?.format;
  const scriptProblem = format === 'commonjs' || format === 'module' ? format : null;
  const selected: InstallType = (defaultAvailable && !allGuessed && !(scriptProblem && esmAvailable)) || !esmAvailable ? 'default' : 'esm';
  return { selected, esmAvailable, defaultAvailable, switchEnabled: esmAvailable && defaultAvailable, scriptProblem };
}

/**
 * The install block's version choice: Static, Latest Patch, Latest Minor, Latest Major,
 * a separator, then the real versions. Static pins the page's version; Latest Patch links major.minor;
 * Latest Minor links the major; Latest Major links no version at all; a real version is linked as it is.
 */
import { aliasVersion } from '@skylift/shared/links';
import type { DropdownItem } from '@skylift/shared/ui';

export type InstallChoice = 'static' | 'patch' | 'minor' | 'major' | `v:${string}`;

export const ALIAS_CHOICES: ReadonlyArray<{ value: InstallChoice; label: string }> = [
  { value: 'static', label: 'Static' },
  { value: 'patch', label: 'Latest Patch' },
  { value: 'minor', label: 'Latest Minor' },
  { value: 'major', label: 'Latest Major' },
];

export const versionChoice = (version: string): InstallChoice => `v:${version}`;

/**
 * The entries for a filter text: the aliases (those whose name contains the text when filtering), a
 * separator, then the version entries of the version list.
 */
export function installChoiceItems(query: string, versionEntries: readonly DropdownItem<InstallChoice>[]): DropdownItem<InstallChoice>[] {
  const text = query.trim().toLowerCase();
  if (text === '') return [...ALIAS_CHOICES, { separator: true }, ...versionEntries];
  return [...ALIAS_CHOICES.filter((choice) => choice.label.toLowerCase().includes(text)), ...versionEntries];
}

/** The version a link names for a choice, or `null` when the link names none (the latest release). */
export function installVersion(choice: InstallChoice, pageVersion: string): string | null {
  switch (choice) {
    case 'static':
      return pageVersion;
    case 'patch':
      return aliasVersion(pageVersion, 'minor');
    case 'minor':
      return aliasVersion(pageVersion, 'major');
    case 'major':
      return null;
    default:
      return choice.slice(2);
  }
}

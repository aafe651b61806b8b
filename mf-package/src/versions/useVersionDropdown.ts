/**
 * State of a version dropdown: the grouped list, which releases' prereleases are unfolded (the selected
 * version's group starts unfolded so the selection is in the list), and the props the shared Dropdown takes.
 */
import { useCallback, useMemo, useState } from 'react';
import type { DropdownItem } from '@skylift/shared/ui';
import { groupVersions, prereleaseAction, releaseOf, sortVersions, versionItems } from '../model/versionList';

export function useVersionDropdown<V extends string = string>(versions: readonly string[], selected: string | null, toValue?: (version: string) => V) {
  const groups = useMemo(() => groupVersions(versions), [versions]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    const release = selected ? releaseOf(selected) : null;
    return new Set(release ? [release] : []);
  });
  const convert = useMemo(() => toValue ?? ((version: string) => version as V), [toValue]);
  /** Every version as an option, for the label of the selected one. */
  const items = useMemo<DropdownItem<V>[]>(() => sortVersions(versions).map((version) => ({ value: convert(version), label: version })), [versions, convert]);
  const itemsFor = useCallback((query: string) => versionItems<V>(groups, query, { expanded, toValue: convert }), [groups, expanded, convert]);
  const onAction = useCallback(
    (action: string) => {
      const release = groups.find((group) => prereleaseAction(group.release) === action)?.release;
      if (!release) return;
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(release)) next.delete(release);
        else next.add(release);
        return next;
      });
    },
    [groups],
  );
  return { items, itemsFor, onAction };
}

/**
 * The data-range dropdown of every statistics view: month, quarter, year, then the concrete periods that
 * have the statistics the view shows (`availableFor`), newest first.
 */
import { useMemo } from 'react';
import type { StatsLinkKind } from '../../api/types';
// By its entry: the periods store is of another entry, shared on its own at run time.
import { isSeparator, usePeriodOptions } from '@skylift/shared/stores';
import { Dropdown, type DropdownItem } from '../Dropdown';

export interface PeriodDropdownProps {
  value: string;
  onChange: (period: string) => void;
  /** The kind of statistics the view shows: only the periods that have it are offered. */
  availableFor: StatsLinkKind;
  label?: string;
}

export function PeriodDropdown({ value, onChange, availableFor, label = 'Data range' }: PeriodDropdownProps) {
  const options = usePeriodOptions(availableFor);
  const items = useMemo<DropdownItem<string>[]>(
    () => options.map((option) => (isSeparator(option) ? { separator: true } : { value: option.periodValue, label: option.periodText })),
    [options],
  );
  return <Dropdown label={label} items={items} value={value} onChange={onChange} />;
}

/** "month", "quarter", "year", or the concrete period's text ("October 2026"), for titles. */
export function usePeriodText(value: string): string {
  const options = usePeriodOptions();
  const found = options.find((option) => !isSeparator(option) && option.periodValue === value);
  return found && !isSeparator(found) ? found.periodText : value;
}

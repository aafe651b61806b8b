/** The data-range dropdown: month, quarter, year, then the concrete periods that have this kind of statistics. */
import { useMemo } from 'react';
import { type StatsLinkKind } from '@skylift/shared';
import { isSeparator, usePeriodOptions } from '@skylift/shared/stores/periods';
import { Dropdown, type DropdownItem } from '@skylift/shared/ui/Dropdown/index';

export interface PeriodDropdownProps {
  value: string;
  onChange: (period: string) => void;
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

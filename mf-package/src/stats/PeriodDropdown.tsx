/** The data-range dropdown: month, quarter, year, then the concrete periods that have package statistics. */
import { useMemo } from 'react';
import { isSeparator, usePeriodOptions } from '@skylift/shared/stores/periods';
import { Dropdown, type DropdownItem } from '@skylift/shared/ui/Dropdown/index';

export function PeriodDropdown({ value, onChange, label = 'Data range' }: { value: string; onChange: (period: string) => void; label?: string }) {
  const options = usePeriodOptions('packages');
  const items = useMemo<DropdownItem<string>[]>(
    () => options.map((option) => (isSeparator(option) ? { separator: true } : { value: option.periodValue, label: option.periodText })),
    [options],
  );
  return <Dropdown label={label} items={items} value={value} onChange={onChange} />;
}

export { PeriodDropdown, usePeriodText, type PeriodDropdownProps } from './PeriodDropdown';
export { usePeriodParam, isPeriodValue, PERIOD_PARAM } from './usePeriodParam';

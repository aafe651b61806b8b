export { PeriodDropdown, usePeriodText, type PeriodDropdownProps } from './PeriodDropdown';

export { Dropdown, NO_RESULTS_TEXT, type DropdownProps } from './Dropdown';
export {
  filterItems,
  matchesFilter,
  moveActive,
  isSeparatorItem,
  type DropdownItem,
  type DropdownOption,
  type DropdownSeparator,
} from './dropdownModel';

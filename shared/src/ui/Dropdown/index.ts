export { Dropdown, DEFAULT_PAGE_SIZE, NO_RESULTS_TEXT, type DropdownProps } from './Dropdown';
export {
  filterItems,
  matchesFilter,
  moveActive,
  isSeparatorItem,
  isActionItem,
  isOptionItem,
  type DropdownAction,
  type DropdownItem,
  type DropdownOption,
  type DropdownSeparator,
} from './dropdownModel';

/**
 * `@skylift/shared/ui`: the UI kit beyond the basic pieces of the main entry: the button, the checkbox, the dropdown (listbox,
 * filterable variant, separators), the statistics views' period dropdown, the switch, and the hooks of a
 * figure counting up and of a media query. Left out of the main entry, which is on every first visit: the
 * home page and the frame use none of them.
 */
export * from './Button';
export * from './Checkbox';
export * from './Dropdown';
export * from './PeriodDropdown';
export * from './Switch';
export * from './useCountUp';
export { useMediaQuery } from './useMediaQuery';

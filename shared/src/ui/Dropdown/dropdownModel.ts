/**
 * The dropdown's state rules as plain functions, so they are tested without rendering: filtering by
 * space-separated case-insensitive substrings and arrow movement that skips separators
 * and disabled options.
 */

export interface DropdownOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface DropdownSeparator {
  separator: true;
}

/**
 * An entry that does something inside the list instead of choosing a value (show more, show a group of
 * prereleases): reached and pressed like an option, the list stays open.
 */
export interface DropdownAction {
  action: string;
  label: string;
}

export type DropdownItem<V extends string = string> = DropdownOption<V> | DropdownSeparator | DropdownAction;

export function isSeparatorItem<V extends string>(item: DropdownItem<V>): item is DropdownSeparator {
  return 'separator' in item && item.separator === true;
}

export function isActionItem<V extends string>(item: DropdownItem<V> | undefined): item is DropdownAction {
  return item !== undefined && 'action' in item && typeof item.action === 'string';
}

export function isOptionItem<V extends string>(item: DropdownItem<V> | undefined): item is DropdownOption<V> {
  return item !== undefined && !isSeparatorItem(item) && !isActionItem(item);
}

/** Can be reached with the arrow keys and pressed: an enabled option or an action. */
export function isSelectable<V extends string>(item: DropdownItem<V> | undefined): item is DropdownOption<V> | DropdownAction {
  return isActionItem(item) || (isOptionItem(item) && !item.disabled);
}

/** True when every space-separated word of `query` occurs in `label`, ignoring case. */
export function matchesFilter(label: string, query: string): boolean {
  const haystack = label.toLowerCase();
  return query
    .toLowerCase()
    .split(' ')
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}

/**
 * The items to show for a filter: with an empty filter, all of them; otherwise the matching options,
 * without separators (a separator between filtered results would separate nothing meaningful).
 */
export function filterItems<V extends string>(items: readonly DropdownItem<V>[], query: string): DropdownItem<V>[] {
  if (query.trim() === '') return [...items];
  return items.filter((item): item is DropdownOption<V> => isOptionItem(item) && matchesFilter(item.label, query));
}

/**
 * The index the active option moves to from `from` in `direction`, skipping separators and disabled
 * options; stays put at either end. From -1 (nothing active) Down goes to the first option and Up to the last.
 */
export function moveActive<V extends string>(items: readonly DropdownItem<V>[], from: number, direction: 1 | -1): number {
  let index = from === -1 && direction === -1 ? items.length : from;
  for (;;) {
    index += direction;
    if (index < 0 || index >= items.length) return isSelectable(items[from]) ? from : -1;
    if (isSelectable(items[index])) return index;
  }
}

/** The first or last selectable index, or -1 when there is none (for Home and End). */
export function edgeActive<V extends string>(items: readonly DropdownItem<V>[], edge: 'first' | 'last'): number {
  return edge === 'first' ? moveActive(items, -1, 1) : moveActive(items, items.length, -1);
}

/** The index of the option holding `value`, or -1. */
export function indexOfValue<V extends string>(items: readonly DropdownItem<V>[], value: V | null | undefined): number {
  if (value === null || value === undefined) return -1;
  return items.findIndex((item) => isOptionItem(item) && item.value === value);
}

/**
 * The first `limit` entries of a long list, and how many are left out; a list of thousands of options
 * is drawn a page at a time so opening and filtering it stay fast.
 */
export function limitItems<V extends string>(items: readonly DropdownItem<V>[], limit: number): { visible: DropdownItem<V>[]; hidden: number } {
  if (items.length <= limit) return { visible: [...items], hidden: 0 };
  return { visible: items.slice(0, limit), hidden: items.length - limit };
}

/**
 * How far a scrolling list moves so the entry at [top, top + height) is fully in view; the list alone
 * scrolls, never the page around it.
 */
export function scrollTopToShow(scrollTop: number, viewHeight: number, top: number, height: number): number {
  if (top < scrollTop) return top;
  if (top + height > scrollTop + viewHeight) return top + height - viewHeight;
  return scrollTop;
}

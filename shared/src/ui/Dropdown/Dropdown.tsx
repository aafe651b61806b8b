/**
 * A button that opens a listbox of options: optionally filterable, with separators that the
 * arrow keys skip. Keyboard: Down/Up open and move, Home/End jump, Enter selects, Escape closes and
 * returns focus to the button, Tab closes. A press outside (mouse or touch) closes it. Long lists are drawn
 * a page at a time with a "Show more" entry at their end; the open panel stays inside the viewport.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import {
  edgeActive,
  filterItems,
  indexOfValue,
  isActionItem,
  isOptionItem,
  isSelectable,
  isSeparatorItem,
  limitItems,
  moveActive,
  scrollTopToShow,
  type DropdownItem,
} from './dropdownModel';
import { useOutsidePress } from '@skylift/shared';
import './Dropdown.css';

export const NO_RESULTS_TEXT = 'No results found';
/** Options drawn at once before "Show more". */
export const DEFAULT_PAGE_SIZE = 100;
const SHOW_MORE = '\u0000show-more';
/** Space kept between an open panel and the viewport's edge. */
const VIEWPORT_MARGIN = 8;
/** The least height an open list shrinks to when the viewport is short. */
const MIN_LIST_HEIGHT = 96;

export interface DropdownProps<V extends string> {
  /** Accessible name of the control, e.g. "Data range". */
  label: string;
  items: readonly DropdownItem<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** Shows a filter box above the options. */
  filterable?: boolean;
  filterPlaceholder?: string;
  /** Shown on the button while no option is selected. */
  placeholder?: string;
  /** Not interactive (for example a version dropdown with a single version). */
  disabled?: boolean;
  /** What the button shows for the selected option; its label by default. */
  renderValue?: (label: string) => ReactNode;
  className?: string;
  /**
   * The entries shown for a filter text, in place of the default word filter over `items` (which still
   * name the selected value). For lists with their own matching and grouping, like versions.
   */
  itemsFor?: (query: string) => readonly DropdownItem<V>[];
  /** An action entry was pressed (the list stays open). */
  onAction?: (action: string) => void;
  /** Options drawn at once before "Show more". */
  pageSize?: number;
}

export function Dropdown<V extends string>(props: DropdownProps<V>) {
  const { label, items, value, onChange, filterable = false, filterPlaceholder = 'Filter', placeholder = '', disabled = false } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const pageSize = Math.max(1, props.pageSize ?? DEFAULT_PAGE_SIZE);
  const [limit, setLimit] = useState(pageSize);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  const { itemsFor } = props;
  const entriesFor = useCallback((text: string): readonly DropdownItem<V>[] => (itemsFor ? itemsFor(text) : filterItems(items, text)), [items, itemsFor]);
  const matching = useMemo(() => entriesFor(query), [entriesFor, query]);
  const shown = useMemo(() => {
    const { visible, hidden } = limitItems(matching, limit);
    return hidden > 0 ? [...visible, { action: SHOW_MORE, label: `Show more (${hidden} left)` }] : visible;
  }, [matching, limit]);
  const selectedIndex = indexOfValue(items, value);
  const selected = selectedIndex === -1 ? undefined : items[selectedIndex];
  const selectedLabel = isOptionItem(selected) ? selected.label : '';

  const openList = (from: 'selected' | 'first' | 'last' = 'selected') => {
    if (disabled) return;
    setQuery('');
    const entries = entriesFor('');
    const at = indexOfValue(entries, value);
    // The selected option is drawn even when it lies beyond the first page.
    setLimit(Math.max(pageSize, at + 1));
    const start = from === 'selected' && at !== -1 ? at : edgeActive(limitItems(entries, pageSize).visible, from === 'last' ? 'last' : 'first');
    setActive(start);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (index: number) => {
    const item = shown[index];
    if (!isSelectable(item)) return;
    if (isActionItem(item)) {
      // The entry stays active: after "Show more" it is the first new option.
      if (item.action === SHOW_MORE) setLimit((current) => current + pageSize);
      else props.onAction?.(item.action);
      return;
    }
    close(true);
    if (item.value !== value) onChange(item.value);
  };

  // Focus moves into the open list (or its filter) so the keys below reach it.
  useEffect(() => {
    if (!open) return;
    (filterable ? filterRef.current : listRef.current)?.focus();
  }, [open, filterable]);

  // Keep the active option in view while moving through a long list, scrolling the list only: the page
  // around it never moves (scrollIntoView would also scroll the page, sideways too).
  useEffect(() => {
    const list = listRef.current;
    if (!open || active < 0 || !list) return;
    const element = list.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (!element) return;
    list.scrollTop = scrollTopToShow(list.scrollTop, list.clientHeight, element.offsetTop - list.offsetTop, element.offsetHeight);
  }, [open, active]);

  // An open panel that would cross the viewport's right edge moves left, so the page never scrolls sideways.
  // Measured again whenever the entries change: unfolded prereleases or "Show more" can widen the panel.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    panel.style.left = '';
    const rect = panel.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth || window.innerWidth;
    const overflow = rect.right - (viewport - VIEWPORT_MARGIN);
    if (overflow > 0) panel.style.left = `${-Math.min(overflow, Math.max(0, rect.left - VIEWPORT_MARGIN))}px`;
  }, [open, shown]);

  // On opening, a panel that would end below the viewport opens upwards when there is more room above the
  // button (a control near the bottom of the screen, or in a bottom sheet), and its list shrinks to what fits.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const list = listRef.current;
    const button = buttonRef.current;
    if (!open || !panel || !list || !button) return;
    const viewport = document.documentElement.clientHeight || window.innerHeight;
    const anchor = button.getBoundingClientRect();
    const rect = panel.getBoundingClientRect();
    const gap = rect.top - anchor.bottom;
    const below = viewport - VIEWPORT_MARGIN - anchor.bottom - gap;
    const above = anchor.top - VIEWPORT_MARGIN - gap;
    if (rect.height <= below) return;
    const upwards = above > below;
    if (upwards) {
      panel.style.top = 'auto';
      panel.style.bottom = `calc(100% + ${gap}px)`;
    }
    const room = upwards ? above : below;
    if (rect.height > room) list.style.maxHeight = `${Math.max(MIN_LIST_HEIGHT, list.getBoundingClientRect().height - (rect.height - room))}px`;
  }, [open]);

  // A press anywhere outside closes the list.
  useOutsidePress(rootRef, open, () => close(false));

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList(event.key === 'ArrowUp' && value === null ? 'last' : 'selected');
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((current) => moveActive(shown, current, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((current) => moveActive(shown, current, -1));
        break;
      case 'Home':
        if (!filterable) {
          event.preventDefault();
          setActive(edgeActive(shown, 'first'));
        }
        break;
      case 'End':
        if (!filterable) {
          event.preventDefault();
          setActive(edgeActive(shown, 'last'));
        }
        break;
      case 'Enter':
        event.preventDefault();
        choose(active);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  // Pressing an entry leaves focus in the filter (or the list), so the keys keep working after an action
  // entry such as "Show more" was pressed with the mouse or a finger.
  const keepFocus = (event: MouseEvent<HTMLElement>) => event.preventDefault();

  const onFilterChange = (text: string) => {
    setQuery(text);
    setLimit(pageSize);
    setActive(edgeActive(limitItems(entriesFor(text), pageSize).visible, 'first'));
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = active >= 0 && isSelectable(shown[active]) ? optionId(active) : undefined;
  const hasOptions = shown.some((item) => !isSeparatorItem(item));
  const optionClass = (index: number, extra = '') => `sl-dropdown__option${extra}${index === active ? ' sl-dropdown__option--active' : ''}`;

  return (
    <div ref={rootRef} className={`sl-dropdown${open ? ' sl-dropdown--open' : ''}${props.className ? ` ${props.className}` : ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className="sl-dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${label}: ${selectedLabel || placeholder}`}
        disabled={disabled}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <span className="sl-dropdown__value">{selectedLabel ? (props.renderValue ? props.renderValue(selectedLabel) : selectedLabel) : placeholder}</span>
        {!disabled && <span className="sl-dropdown__caret" aria-hidden="true" />}
      </button>
      {open && (
        <div ref={panelRef} className="sl-dropdown__panel">
          {filterable && (
            <input
              ref={filterRef}
              type="text"
              className="sl-dropdown__filter"
              role="combobox"
              aria-label={`Filter ${label}`}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              placeholder={filterPlaceholder}
              value={query}
              onChange={(event) => onFilterChange(event.target.value)}
              onKeyDown={onListKeyDown}
            />
          )}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={label}
            tabIndex={filterable ? -1 : 0}
            aria-activedescendant={filterable ? undefined : activeId}
            className="sl-dropdown__list"
            onKeyDown={onListKeyDown}
          >
            {shown.map((item, index) =>
              isSeparatorItem(item) ? (
                <li key={`separator-${index}`} role="separator" className="sl-dropdown__separator" />
              ) : isActionItem(item) ? (
                <li
                  key={`action-${item.action}`}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected="false"
                  className={optionClass(index, ' sl-dropdown__option--action')}
                  onMouseMove={() => index !== active && setActive(index)}
                  onMouseDown={keepFocus}
                  onClick={() => choose(index)}
                >
                  {item.label}
                </li>
              ) : (
                <li
                  key={`${item.value}-${index}`}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={item.value === value}
                  aria-disabled={item.disabled ? true : undefined}
                  className={optionClass(index, item.value === value ? ' sl-dropdown__option--selected' : '')}
                  onMouseMove={() => isSelectable(item) && index !== active && setActive(index)}
                  onMouseDown={keepFocus}
                  onClick={() => choose(index)}
                >
                  {item.label}
                </li>
              ),
            )}
            {!hasOptions && (
              <li role="option" aria-disabled="true" aria-selected="false" className="sl-dropdown__option sl-dropdown__option--empty">
                {NO_RESULTS_TEXT}
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

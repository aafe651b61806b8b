/**
 * A button that opens a listbox of options (spec 000 §5): optionally filterable, with separators that the
 * arrow keys skip. Keyboard: Down/Up open and move, Home/End jump, Enter selects, Escape closes and
 * returns focus to the button, Tab closes. A press outside (mouse or touch) closes it.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { edgeActive, filterItems, indexOfValue, isSelectable, isSeparatorItem, moveActive, type DropdownItem } from './dropdownModel';
import './Dropdown.css';

export const NO_RESULTS_TEXT = 'No results found';

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
}

export function Dropdown<V extends string>(props: DropdownProps<V>) {
  const { label, items, value, onChange, filterable = false, filterPlaceholder = 'Filter', placeholder = '', disabled = false } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  const shown = useMemo(() => filterItems(items, query), [items, query]);
  const selectedIndex = indexOfValue(items, value);
  const selected = selectedIndex === -1 ? undefined : items[selectedIndex];
  const selectedLabel = selected && !isSeparatorItem(selected) ? selected.label : '';

  const openList = (from: 'selected' | 'first' | 'last' = 'selected') => {
    if (disabled) return;
    setQuery('');
    const start = from === 'selected' && indexOfValue(items, value) !== -1 ? indexOfValue(items, value) : edgeActive(items, from === 'last' ? 'last' : 'first');
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
    close(true);
    if (item.value !== value) onChange(item.value);
  };

  // Focus moves into the open list (or its filter) so the keys below reach it.
  useEffect(() => {
    if (!open) return;
    (filterable ? filterRef.current : listRef.current)?.focus();
  }, [open, filterable]);

  // Keep the active option in view while moving through a long list.
  useEffect(() => {
    if (!open || active < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  // A press anywhere outside closes the list; pointerdown covers mouse, pen and touch alike.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open]);

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

  const onFilterChange = (text: string) => {
    setQuery(text);
    setActive(edgeActive(filterItems(items, text), 'first'));
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = active >= 0 && isSelectable(shown[active]) ? optionId(active) : undefined;
  const hasOptions = shown.some((item) => !isSeparatorItem(item));

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
        <div className="sl-dropdown__panel">
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
            onKeyDown={filterable ? undefined : onListKeyDown}
          >
            {shown.map((item, index) =>
              isSeparatorItem(item) ? (
                <li key={`separator-${index}`} role="separator" className="sl-dropdown__separator" />
              ) : (
                <li
                  key={`${item.value}-${index}`}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={item.value === value}
                  aria-disabled={item.disabled ? true : undefined}
                  className={`sl-dropdown__option${index === active ? ' sl-dropdown__option--active' : ''}${item.value === value ? ' sl-dropdown__option--selected' : ''}`}
                  onMouseMove={() => isSelectable(item) && index !== active && setActive(index)}
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

/**
 * A tab list with a roving tabindex: only the selected tab is in the Tab order, Left/Right (and Up/Down)
 * move to and select the neighbouring tab, wrapping around, and Home/End jump to the ends. The panels
 * are the caller's: give each one `tabPanelProps(idPrefix, tabId)` so it is labelled by its tab.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

export interface TabItem<K extends string = string> {
  id: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  /** Prefix of the tab and panel element ids; unique on the page. */
  idPrefix: string;
  className?: string;
}

export const tabElementId = (idPrefix: string, tabId: string): string => `${idPrefix}-tab-${tabId}`;
export const tabPanelElementId = (idPrefix: string, tabId: string): string => `${idPrefix}-panel-${tabId}`;

/** Props for the panel of one tab. */
export function tabPanelProps(idPrefix: string, tabId: string) {
  return {
    id: tabPanelElementId(idPrefix, tabId),
    role: 'tabpanel' as const,
    'aria-labelledby': tabElementId(idPrefix, tabId),
    tabIndex: 0,
  };
}

/** The index a key moves the selection to, or null for a key the tab list does not handle. */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function Tabs<K extends string>({ label, tabs, selected, onSelect, idPrefix, className }: TabsProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexForKey(event.key, selectedIndex, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabElementId(idPrefix, tab.id))}`)?.focus();
  };

  return (
    <div ref={listRef} role="tablist" aria-label={label} className={`sl-tabs${className ? ` ${className}` : ''}`} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const isSelected = index === selectedIndex;
        return (
          <button
            key={tab.id}
            id={tabElementId(idPrefix, tab.id)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={tabPanelElementId(idPrefix, tab.id)}
            tabIndex={isSelected ? 0 : -1}
            className={`sl-tabs__tab${isSelected ? ' sl-tabs__tab--selected' : ''}`}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

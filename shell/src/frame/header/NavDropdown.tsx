/**
 * A navigation menu behind a button (the Tools and Resources dropdowns). Keyboard: Enter, Space or Down on
 * the button opens it on the first item, Up on the last; Up/Down move (wrapping), Home/End jump, Escape
 * closes and returns to the button, Tab leaves and closes. Pointer and touch: a tap toggles, a tap
 * elsewhere closes.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useOutsidePress } from '@skylift/shared';
import { ChevronIcon } from '../logos/icons';
import type { MenuItem } from '../../site/menus';
import styles from './NavDropdown.module.css';

export interface NavDropdownProps {
  label: string;
  items: readonly MenuItem[];
  onAction?: (action: 'newsletter') => void;
}

export function NavDropdown({ label, items, onAction }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  const focusables = () => itemRefs.current.filter((el): el is HTMLElement => el !== null);

  useEffect(() => {
    if (!open) return;
    if (pendingFocus.current) {
      const list = focusables();
      (pendingFocus.current === 'first' ? list[0] : list[list.length - 1])?.focus();
      pendingFocus.current = null;
    }
  }, [open]);
  // A tap elsewhere closes.
  useOutsidePress(rootRef, open, () => setOpen(false));

  const openWithFocus = (where: 'first' | 'last') => {
    pendingFocus.current = where;
    if (open) {
      const list = focusables();
      (where === 'first' ? list[0] : list[list.length - 1])?.focus();
      pendingFocus.current = null;
    } else setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openWithFocus('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWithFocus('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = focusables();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      case ' ': {
        // Space activates a menu item as Enter does.
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
        break;
      }
    }
  };

  let focusIndex = 0;
  return (
    <div className={styles.dropdown} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <span className={open ? `${styles.chevron} ${styles.chevronOpen}` : styles.chevron}>
          <ChevronIcon />
        </span>
      </button>
      <ul id={menuId} role="menu" aria-label={label} className={styles.menu} hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item) => {
          if (item.kind === 'group') {
            return (
              <li key={`group-${item.label}`} role="presentation" className={styles.group}>
                {item.label}
              </li>
            );
          }
          const position = focusIndex++;
          const ref = (el: HTMLElement | null) => {
            itemRefs.current[position] = el;
          };
          return (
            <li key={item.label} role="none">
              {item.kind === 'link' ? (
                <Link ref={ref} role="menuitem" tabIndex={-1} className={styles.item} to={item.to} onClick={() => close(false)}>
                  {item.label}
                </Link>
              ) : (
                <button
                  ref={ref}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.item}
                  onClick={() => {
                    close(false);
                    onAction?.(item.action);
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

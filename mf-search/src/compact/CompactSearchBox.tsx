/**
 * The compact search: a combobox listing 5 packages. The list opens when the field is focused
 * and holds a query, and closes on blur, on Escape or on a click on the overlay. Up/Down move the highlight
 * and wrap around; Enter opens the highlighted package's page, or with nothing highlighted the home page
 * search for the text. How to go somewhere is the caller's (`go`): the router in the site, a full page load
 * in a partner page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatShort, type SearchConfig } from '@skylift/shared';
import { COMPACT_SEARCH_SIZE, searchPackages, type SearchHit } from '@skylift/shared/search';
import { packagePagePath } from '../search/authorLink';
import { TypeBadges } from '../search/TypeBadges';
import { useDebouncedCallback } from '../search/useDebouncedCallback';
import { QUERY_DEBOUNCE_MS } from '../search/searchTiming';
import { moveActive } from './activeOption';
import styles from './compact.module.css';

export interface CompactSearchBoxProps {
  config: SearchConfig | null;
  go: (path: string) => void;
  className?: string;
}

export const homeSearchPath = (text: string): string => `/?query=${encodeURIComponent(text)}`;

export function CompactSearchBox({ config, go, className }: CompactSearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const latestQuery = useRef('');
  const input = useRef<HTMLInputElement>(null);

  const runSearch = useDebouncedCallback((query: string) => {
    if (!config) return;
    searchPackages(config, { query, hitsPerPage: COMPACT_SEARCH_SIZE }).then(
      (page) => {
        // A stale answer (the text changed meanwhile) is dropped.
        if (page.query !== latestQuery.current) return;
        setHits(page.hits.slice(0, COMPACT_SEARCH_SIZE));
        setActive(-1);
      },
      () => {
        if (query === latestQuery.current) setHits([]);
      },
    );
  }, QUERY_DEBOUNCE_MS);

  useEffect(() => {
    latestQuery.current = text.trim();
    if (!text.trim()) {
      runSearch.cancel();
      setHits([]);
      setActive(-1);
      return;
    }
    runSearch.call(text.trim());
  }, [text, config, runSearch]);

  const open = focused && !dismissed && text.trim() !== '';
  const showList = open && hits.length > 0;

  const close = () => {
    setDismissed(true);
    setActive(-1);
  };

  const openPath = (path: string) => {
    close();
    input.current?.blur();
    go(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setDismissed(false);
        setActive((current) => moveActive(current, hits.length, event.key === 'ArrowDown' ? 1 : -1));
        break;
      }
      case 'Enter': {
        event.preventDefault();
        const hit = open ? hits[active] : undefined;
        if (hit) openPath(packagePagePath(hit.name));
        else if (text.trim()) openPath(homeSearchPath(text.trim()));
        break;
      }
      case 'Escape':
        close();
        break;
      default:
        break;
    }
  };

  return (
    <div className={className ? `${styles.compact} ${className}` : styles.compact} data-testid="compact-search">
      {showList ? <div className={styles.compactOverlay} data-testid="compact-search-overlay" onMouseDown={close} aria-hidden="true" /> : null}
      <div className={styles.compactField}>
        <svg className={styles.compactIcon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          className={styles.compactInput}
          type="text"
          role="combobox"
          aria-label="Search packages"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="Search npm"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setDismissed(false);
          }}
          onFocus={() => {
            setFocused(true);
            setDismissed(false);
          }}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Packages" className={styles.compactList} hidden={!showList}>
        {showList
          ? hits.map((hit, index) => (
              <li
                key={hit.objectID}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? `${styles.compactOption} ${styles.compactOptionActive}` : styles.compactOption}
                // Keep the focus in the field, so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => openPath(packagePagePath(hit.name))}
              >
                <span className={styles.compactRow}>
                  <span className={styles.compactName} data-testid="compact-search-name">
                    {hit.name}
                  </span>
                  <TypeBadges hit={hit} />
                  <span className={styles.compactHits} title="Requests to our CDN in the last 30 days">
                    {formatShort(hit.jsDelivrHits ?? 0)}
                  </span>
                </span>
                {hit.description ? <span className={styles.compactDescription}>{hit.description}</span> : null}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}

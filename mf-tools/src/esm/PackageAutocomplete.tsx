/**
 * The package-name input with autocomplete: 5 hits from our package search, debounced,
 * stale answers dropped; arrow keys move through the suggestions, Enter picks one, Escape closes them.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useRuntimeConfig } from '@skylift/shared';
import { COMPACT_SEARCH_SIZE, searchPackages, type SearchHit } from '@skylift/shared/search';
import styles from './EsmPage.module.css';

export const AUTOCOMPLETE_DEBOUNCE_MS = 100;

export function PackageAutocomplete({ value, onChange }: { value: string; onChange(name: string): void }) {
  const config = useRuntimeConfig();
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(value);
  const id = useId();

  useEffect(() => {
    latest.current = value;
    const query = value.trim();
    if (!config || query === '') {
      setHits([]);
      return;
    }
    const timer = setTimeout(() => {
      searchPackages(config.search, { query, hitsPerPage: COMPACT_SEARCH_SIZE }).then(
        (page) => {
          if (latest.current.trim() === query) setHits(page.hits.slice(0, COMPACT_SEARCH_SIZE));
        },
        () => setHits([]),
      );
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, config]);

  const shown = open && hits.length > 0;
  const choose = (hit: SearchHit): void => {
    onChange(hit.name);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className={styles.autocomplete}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        Package name
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${id}-hit-${active}` : undefined}
        className={styles.input}
        placeholder="Type a package name, e.g. canvas-confetti"
        autoComplete="off"
        spellCheck={false}
        maxLength={214}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && hits.length) {
            event.preventDefault();
            setOpen(true);
            setActive((current) => (current + 1) % hits.length);
          } else if (event.key === 'ArrowUp' && hits.length) {
            event.preventDefault();
            setActive((current) => (current <= 0 ? hits.length - 1 : current - 1));
          } else if (event.key === 'Enter' && shown && active >= 0) {
            event.preventDefault();
            choose(hits[active]!);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {shown && (
        <ul id={`${id}-list`} role="listbox" aria-label="Packages" className={styles.hits}>
          {hits.map((hit, index) => (
            <li
              key={hit.objectID}
              id={`${id}-hit-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? `${styles.hit} ${styles.hitActive}` : styles.hit}
              // Picking with the mouse must happen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(hit);
              }}
            >
              <strong>{hit.name}</strong>
              {hit.description && <span className={styles.hitDescription}>{hit.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The compact box beside the file browser: how many files are selected, the latest few, and the way to
 * slide 2 ('Show & Configure all links').
 */
import { useSearchParams } from 'react-router-dom';
import { removeCollectionItem } from '@skylift/shared/links';
import { itemKey, useCollectionItems } from './useCollection';
import styles from './collection.module.css';

export const SHOW_ALL_LINKS_TEXT = 'Show & Configure all links';
const SHOWN_FILES = 5;

export interface SelectedFilesBoxProps {
  /** Opens the collection slide; by default sets `slide=collection` in the address. */
  onShowAll?: () => void;
}

export function SelectedFilesBox({ onShowAll }: SelectedFilesBoxProps) {
  const items = useCollectionItems();
  const [, setSearchParams] = useSearchParams();
  const showAll =
    onShowAll ??
    (() =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        next.set('slide', 'collection');
        return next;
      }));
  // In collection order, like the links on the collection slide.
  const shown = items.slice(0, SHOWN_FILES);

  return (
    <aside className={styles.collBox} aria-labelledby="pkg-coll-box-heading">
      <h3 id="pkg-coll-box-heading" className={styles.collBoxHeading}>
        Selected files <span className={styles.collBoxCount}>{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <p className={styles.collBoxEmpty}>Use the switches beside the files to collect them, then get all their links at once.</p>
      ) : (
        <ul className={styles.collBoxList}>
          {shown.map((item) => (
            <li key={itemKey(item)} className={styles.collBoxItem}>
              <span className={styles.collBoxName} title={`${item.name}@${item.version}${item.file}`}>
                {item.name}
                <span className={styles.collMuted}>{item.file}</span>
              </span>
              <button
                type="button"
                className={`${styles.collIconButton} ${styles.collIconButtonRemove}`}
                aria-label={`Remove ${item.name}@${item.version}${item.file}`}
                onClick={() => removeCollectionItem(item)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {items.length > SHOWN_FILES && <li className={styles.collBoxMore}>and {items.length - SHOWN_FILES} more</li>}
        </ul>
      )}
      <button type="button" className={styles.collBoxButton} onClick={showAll}>
        {SHOW_ALL_LINKS_TEXT}
      </button>
    </aside>
  );
}

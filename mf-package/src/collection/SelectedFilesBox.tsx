/**
 * The compact box beside the file browser: how many files are selected, the latest few, and the way to
 * slide 2 ('Show & Configure all links').
 */
import { useSearchParams } from 'react-router-dom';
import { removeCollectionItem } from '@skylift/shared/stores/collection';
import { itemKey, useCollectionItems } from './useCollection';
import './collection.css';

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
    <aside className="pkg-coll-box" aria-labelledby="pkg-coll-box-heading">
      <h3 id="pkg-coll-box-heading" className="pkg-coll-box__heading">
        Selected files <span className="pkg-coll-box__count">{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <p className="pkg-coll-box__empty">Use the switches beside the files to collect them, then get all their links at once.</p>
      ) : (
        <ul className="pkg-coll-box__list">
          {shown.map((item) => (
            <li key={itemKey(item)} className="pkg-coll-box__item">
              <span className="pkg-coll-box__name" title={`${item.name}@${item.version}${item.file}`}>
                {item.name}
                <span className="pkg-coll__muted">{item.file}</span>
              </span>
              <button
                type="button"
                className="pkg-coll__icon-button pkg-coll__icon-button--remove"
                aria-label={`Remove ${item.name}@${item.version}${item.file}`}
                onClick={() => removeCollectionItem(item)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {items.length > SHOWN_FILES && <li className="pkg-coll-box__more">and {items.length - SHOWN_FILES} more</li>}
        </ul>
      )}
      <button type="button" className="pkg-coll-box__button" onClick={showAll}>
        {SHOW_ALL_LINKS_TEXT}
      </button>
    </aside>
  );
}

/**
 * The selected files in order, each removable and movable: by dragging, with the move buttons, or with
 * Alt+ArrowUp / Alt+ArrowDown on a file's handle. Every move is announced for screen readers, and focus
 * follows the moved file.
 */
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { moveCollectionItem, removeCollectionItem, type CollectionItem } from '@skylift/shared/links';
import { itemKey } from './useCollection';
import styles from './collection.module.css';

export interface SelectedFileListProps {
  items: readonly CollectionItem[];
}

function fileLabel(item: CollectionItem): string {
  return `${item.name}@${item.version}${item.file}`;
}

export function SelectedFileList({ items }: SelectedFileListProps) {
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const key = focusAfterMove.current;
    if (key === null) return;
    focusAfterMove.current = null;
    handles.current.get(key)?.focus();
  }, [items]);

  const move = (from: number, to: number) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || to === from) return;
    focusAfterMove.current = itemKey(item);
    moveCollectionItem(from, to);
    setAnnouncement(`${fileLabel(item)} moved to position ${to + 1} of ${items.length}.`);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    removeCollectionItem(item);
    setAnnouncement(`${fileLabel(item)} removed from the collection.`);
    // Keep keyboard users in the list: the next file's handle (or the previous one) takes focus.
    const neighbour = items[index + 1] ?? items[index - 1];
    if (neighbour) focusAfterMove.current = itemKey(neighbour);
  };

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };

  const onDragStart = (event: DragEvent<HTMLLIElement>, index: number) => {
    setDragFrom(index);
    event.dataTransfer.effectAllowed = 'move';
    // Firefox starts a drag only when some data is set.
    event.dataTransfer.setData('text/plain', String(index));
  };
  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropTarget !== index) setDropTarget(index);
  };
  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragFrom !== null) move(dragFrom, index);
    setDragFrom(null);
    setDropTarget(null);
  };
  const onDragEnd = () => {
    setDragFrom(null);
    setDropTarget(null);
  };

  return (
    <>
      <p id="pkg-coll-reorder-help" className={styles.collHint}>
        Drag files to change their order, or press Alt+Up / Alt+Down on a file&apos;s handle.
      </p>
      <ol className={styles.collFiles} aria-label="Selected files">
        {items.map((item, index) => {
          const key = itemKey(item);
          const classes = [styles.collFile];
          if (dragFrom === index) classes.push(styles.collFileDragging);
          if (dropTarget === index && dragFrom !== index) classes.push(styles.collFileDrop);
          return (
            <li
              key={key}
              className={classes.join(' ')}
              draggable
              onDragStart={(event) => onDragStart(event, index)}
              onDragOver={(event) => onDragOver(event, index)}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={onDragEnd}
            >
              <button
                type="button"
                className={styles.collHandle}
                aria-label={`Reorder ${fileLabel(item)}, position ${index + 1} of ${items.length}`}
                aria-describedby="pkg-coll-reorder-help"
                ref={(element) => {
                  if (element) handles.current.set(key, element);
                  else handles.current.delete(key);
                }}
                onKeyDown={(event) => onHandleKeyDown(event, index)}
              >
                <span aria-hidden="true">⠿</span>
              </button>
              <span className={styles.collFileName}>
                <span className={styles.collPackage}>
                  {item.name}
                  <span className={styles.collVersion}>@{item.version}</span>
                </span>
                <span className={styles.collPath}>{item.file}</span>
                {item.isDefault && <span className={styles.collBadge}>default</span>}
              </span>
              <span className={styles.collFileActions}>
                <button
                  type="button"
                  className={styles.collIconButton}
                  aria-label={`Move ${fileLabel(item)} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className={styles.collIconButton}
                  aria-label={`Move ${fileLabel(item)} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className={`${styles.collIconButton} ${styles.collIconButtonRemove}`}
                  aria-label={`Remove ${fileLabel(item)}`}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite" className={styles.collVisuallyHidden}>
        {announcement}
      </p>
    </>
  );
}

/** The collection store read in a component: the selected files and the link options, re-rendered on change. */
import { useObservableValue } from '@skylift/shared';
import { collection$, collectionOptions$, type CollectionItem, type CollectionOptions } from '@skylift/shared/links';

export function useCollectionItems(): readonly CollectionItem[] {
  return useObservableValue(collection$);
}

export function useCollectionOptions(): Readonly<CollectionOptions> {
  return useObservableValue(collectionOptions$);
}

/** A stable key for a collection item (React keys, focus tracking). */
export function itemKey(item: Pick<CollectionItem, 'type' | 'name' | 'version' | 'file'>): string {
  return `${item.type}/${item.name}@${item.version}${item.file}`;
}

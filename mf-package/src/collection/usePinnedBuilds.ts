/**
 * The collection's `+esm` builds of exact versions with their pinned URL and integrity, asked of the CDN
 * (`?meta`) while SRI is on: an SRI link of a build names its pinned URL, whose bytes never change, and its
 * SHA-384. The convenient URL may get a better build later, so it never carries integrity. Until the CDN
 * answers, or when it cannot, a build keeps its convenient link without integrity, as any generated file does.
 */
import { useEffect, useMemo, useState } from 'react';
import { getJson } from '@skylift/shared';
import { buildMetaUrl, fileKindOf, isExactVersion, type LinkDescriptor, type PinnedBuild } from '@skylift/shared/links';
import { itemKey } from './useCollection';

export function usePinnedBuilds<T extends LinkDescriptor>(cdnUrl: string, items: readonly T[], active: boolean): T[] {
  const [pinned, setPinned] = useState<ReadonlyMap<string, PinnedBuild>>(new Map());
  const wanted = useMemo(
    () => (active ? items.filter((item) => item.type === 'npm' && fileKindOf(item.file) === 'esm' && isExactVersion(item.version)) : []),
    [active, items],
  );
  useEffect(() => {
    let current = true;
    for (const item of wanted) {
      const key = itemKey(item);
      getJson<PinnedBuild>(buildMetaUrl(cdnUrl, item)).then(
        ({ url, integrity }) => current && setPinned((known) => (known.get(key)?.url === url ? known : new Map(known).set(key, { url, integrity }))),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [cdnUrl, wanted]);
  return useMemo(
    () =>
      items.map((item) => {
        const build = wanted.includes(item) ? pinned.get(itemKey(item)) : undefined;
        return build ? { ...item, pinned: build } : item;
      }),
    [items, wanted, pinned],
  );
}

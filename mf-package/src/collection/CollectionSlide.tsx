/**
 * Slide 2 of the package page (`slide=collection`): every file the visitor selected, from any package,
 * with the link options and the generated links, each file alone and combined.
 */
import { useEffect, useMemo, useRef } from 'react';
import { buildCollectionLinks, isSriActive, clearCollection } from '@skylift/shared/links';
// From the package root: the runtime configuration the shell loaded lives in that shared singleton.
import { useRuntimeConfig } from '@skylift/shared';
import type { PackageType } from '@skylift/shared';
import { CollectionOptionsPanel } from './CollectionOptionsPanel';
import { GeneratedLinks } from './GeneratedLinks';
import { SelectedFileList } from './SelectedFileList';
import { useCollectionItems, useCollectionOptions } from './useCollection';
import { usePinnedBuilds } from './usePinnedBuilds';
import styles from './collection.module.css';

export const EMPTY_COLLECTION_TEXT = 'No files selected. Select the files you want to use using the switches on the left.';

export interface CollectionSlideProps {
  type: PackageType;
  /** The package the slide was opened from; the back link returns to it. */
  name: string;
  version?: string;
  onBack(): void;
}

export function CollectionSlide({ name, version, onBack }: CollectionSlideProps) {
  const items = useCollectionItems();
  const options = useCollectionOptions();
  const config = useRuntimeConfig();
  const cdnUrl = config?.cdnUrl ?? '';
  // An `+esm` build with SRI is linked at its pinned URL, with the integrity the CDN gives.
  const linked = usePinnedBuilds(cdnUrl, items, isSriActive(options));
  const links = useMemo(() => buildCollectionLinks(cdnUrl, linked, options), [cdnUrl, linked, options]);
  const section = useRef<HTMLElement>(null);

  // The slide replaces the package view wherever the visitor had scrolled to: its heading comes into view.
  useEffect(() => {
    const element = section.current;
    if (!element) return;
    const { top } = element.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2) element.scrollIntoView?.({ block: 'start' });
  }, []);

  return (
    <section ref={section} className={styles.coll} aria-labelledby="pkg-coll-heading">
      <button type="button" className={styles.collBack} onClick={onBack}>
        <span aria-hidden="true">←</span> Back to {name}
        {version ? <span className={styles.collMuted}>@{version}</span> : null}
      </button>
      <header className={styles.collHeader}>
        <h2 id="pkg-coll-heading" className={styles.collHeading}>
          Your collection
        </h2>
        <p className={styles.collLead}>
          {items.length === 0 ? 'Build the links for several files at once.' : `${items.length} ${items.length === 1 ? 'file' : 'files'} selected.`}
        </p>
      </header>
      {items.length === 0 ? (
        <p className={styles.collEmpty}>{EMPTY_COLLECTION_TEXT}</p>
      ) : (
        <div className={styles.collLayout}>
          <div className={styles.collColumn}>
            <section className={styles.collSection} aria-labelledby="pkg-coll-files-heading">
              <div className={styles.collSectionHeader}>
                <h3 id="pkg-coll-files-heading" className={styles.collSubheading}>
                  Selected files
                </h3>
                <button type="button" className={styles.collTextButton} onClick={() => clearCollection()}>
                  Remove all
                </button>
              </div>
              <SelectedFileList items={items} />
            </section>
            <CollectionOptionsPanel />
          </div>
          <div className={styles.collColumn}>
            <GeneratedLinks links={links} html={options.html} />
          </div>
        </div>
      )}
    </section>
  );
}

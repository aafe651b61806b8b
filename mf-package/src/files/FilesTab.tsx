/**
 * The file browser: breadcrumbs and a back link over the directory stack (kept in the address as `path`),
 * the first 10 entries with Show all / Show first 10, and per file its size, copy URL, copy SRI (when the
 * hash is known) and the switch that adds it to the collection.
 */
import { useRef, useState } from 'react';
import { CopyButton, formatBytes, type FileTreeEntry, type PackageFilesTree, useObservableValue } from '@skylift/shared';
import { fileUrl, integrityOf, collection$, isInCollection, toggleCollectionItem } from '@skylift/shared/links';
import { FIRST_ENTRIES, breadcrumbs, entriesAt, entryPath, visibleEntries } from '../model/fileBrowser';
import type { PackageRef } from '../model/packageRef';
import filesTabStyles from './FilesTab.module.css';
import installBlockStyles from '../install/InstallBlock.module.css';

export interface FilesTabProps {
  pkg: PackageRef;
  cdnUrl: string;
  listing: PackageFilesTree;
  /** Already validated: a directory of the listing. */
  path: string[];
  onPathChange: (path: string[]) => void;
}

export function FilesTab({ pkg, cdnUrl, listing, path, onPathChange }: FilesTabProps) {
  const [showAll, setShowAll] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  // Re-render when the collection changes anywhere (another tab, the collection slide).
  useObservableValue(collection$);
  const entries = entriesAt(listing.files, path) ?? [];
  const shown = visibleEntries(entries, showAll);
  const go = (next: string[]): void => {
    setShowAll(false);
    onPathChange(next);
  };
  const collapse = (): void => {
    setShowAll(false);
    const top = topRef.current;
    if (top && top.getBoundingClientRect().top < 0 && typeof top.scrollIntoView === 'function') top.scrollIntoView({ block: 'start' });
  };

  return (
    <div ref={topRef}>
      <nav className={filesTabStyles.filesCrumbs} aria-label="Folder">
        {breadcrumbs(pkg.name, path).map((crumb, index, all) =>
          index === all.length - 1 ? (
            <span key={crumb.path.join('/')} aria-current="location">
              {crumb.label}
            </span>
          ) : (
            <span key={crumb.path.join('/')}>
              <button type="button" className={filesTabStyles.link} onClick={() => go(crumb.path)}>
                {crumb.label}
              </button>
              <span className={filesTabStyles.filesSep} aria-hidden="true">
                /
              </span>
            </span>
          ),
        )}
      </nav>
      <ul className={filesTabStyles.filesList}>
        {path.length > 0 ? (
          <li className={filesTabStyles.filesRow}>
            <button type="button" className={filesTabStyles.link} onClick={() => go(path.slice(0, -1))}>
              ../ Back
            </button>
          </li>
        ) : null}
        {shown.map((entry) => (
          <FileRow
            key={`${entry.type}:${entry.name}`}
            pkg={pkg}
            cdnUrl={cdnUrl}
            listing={listing}
            path={path}
            entry={entry}
            onOpen={() => go([...path, entry.name])}
          />
        ))}
      </ul>
      {entries.length > FIRST_ENTRIES ? (
        <button
          type="button"
          className={`${installBlockStyles.button} ${filesTabStyles.filesToggle}`}
          onClick={() => (showAll ? collapse() : setShowAll(true))}
        >
          {showAll ? 'Show first 10' : `Show all (${entries.length})`}
        </button>
      ) : null}
    </div>
  );
}

interface FileRowProps {
  pkg: PackageRef;
  cdnUrl: string;
  listing: PackageFilesTree;
  path: string[];
  entry: FileTreeEntry;
  onOpen: () => void;
}

function FileRow({ pkg, cdnUrl, listing, path, entry, onOpen }: FileRowProps) {
  if (entry.type === 'directory') {
    return (
      <li className={filesTabStyles.filesRow}>
        <button type="button" className={`${filesTabStyles.filesName} ${filesTabStyles.filesNameDir}`} onClick={onOpen}>
          <FolderIcon /> {entry.name}
        </button>
        <span className={filesTabStyles.filesMeta}>{entry.files.length} items</span>
      </li>
    );
  }
  const file = entryPath(path, entry.name);
  const key = { type: pkg.type, name: pkg.name, version: listing.version, file };
  const url = fileUrl(cdnUrl, key);
  const selected = isInCollection(key);
  return (
    <li className={filesTabStyles.filesRow}>
      <a className={filesTabStyles.filesName} href={url} target="_blank" rel="noopener noreferrer">
        <FileIcon /> {entry.name}
        {listing.default === file ? <span className={filesTabStyles.filesBadge}>default</span> : null}
      </a>
      <span className={filesTabStyles.filesMeta}>{formatBytes(entry.size)}</span>
      <span className={filesTabStyles.filesActions}>
        <CopyButton text={url} label={`Copy the URL of ${entry.name}`}>
          URL
        </CopyButton>
        {entry.hash ? (
          <CopyButton text={integrityOf(entry.hash)} label={`Copy the SRI hash of ${entry.name}`}>
            SRI
          </CopyButton>
        ) : null}
        <label className={filesTabStyles.toggle}>
          <input
            type="checkbox"
            role="switch"
            checked={selected}
            aria-label={`Add ${entry.name} to the collection`}
            onChange={() => toggleCollectionItem({ ...key, hash: entry.hash, isDefault: listing.default === file }, listing)}
          />
          <span aria-hidden="true" />
        </label>
      </span>
    </li>
  );
}

function FolderIcon() {
  return (
    <svg className={filesTabStyles.filesIcon} viewBox="0 0 16 16" aria-hidden="true">
      <path d="M1.5 3.5A1.5 1.5 0 0 1 3 2h3.2l1.5 1.5H13A1.5 1.5 0 0 1 14.5 5v7A1.5 1.5 0 0 1 13 13.5H3A1.5 1.5 0 0 1 1.5 12z" fill="var(--color-blue-400)" />
    </svg>
  );
}

function FileIcon() {
  return (
    <svg className={filesTabStyles.filesIcon} viewBox="0 0 16 16" aria-hidden="true">
      <path d="M3.5 1.5h6l3 3v10h-9z" fill="none" stroke="var(--color-slate-400)" strokeWidth="1.2" />
      <path d="M9.5 1.5v3h3" fill="none" stroke="var(--color-slate-400)" strokeWidth="1.2" />
    </svg>
  );
}

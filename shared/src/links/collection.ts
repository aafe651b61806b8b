/**
 * The link collection: the files a visitor picked from any package pages, and the options
 * their links are built with. Kept in localStorage under `collection2` so it survives reloads, and followed
 * across tabs through the `storage` event. The shared library is a federation singleton, so every remote
 * sees this one store.
 *
 * Storage may be missing, full or throwing (private modes, quotas, blocked cookies) and what it holds may
 * be corrupt: the collection then still works for the page's lifetime, it just is not kept.
 */
import { BehaviorSubject } from 'rxjs';
import type { FileTreeEntry, FlatFile, PackageType } from '../api/types';
import { isEsmPath, normalizeFilePath } from './fileNames';
import { DEFAULT_COLLECTION_OPTIONS, type CollectionOptions } from './types';

export type { CollectionOptions };
export { DEFAULT_COLLECTION_OPTIONS };

/** One selected file ("Collection item"). */
export interface CollectionItem {
  type: PackageType;
  name: string;
  version: string;
  /** Path within the package, starting with "/". */
  file: string;
  /** base64 sha256 of the file, when known (needed for SRI). */
  hash: string | null;
  /** Whether it is the package's default file. */
  isDefault: boolean;
}

/** What identifies a file: hash and isDefault may be left out. */
export type CollectionItemKey = Pick<CollectionItem, 'type' | 'name' | 'version' | 'file'>;
export type CollectionItemInput = CollectionItemKey & Partial<Pick<CollectionItem, 'hash' | 'isDefault'>>;

/** A package version's file listing (the data API's tree or flat answer): used to check and complete an item. */
export interface CollectionFileListing {
  default: string | null;
  files: ReadonlyArray<FileTreeEntry | FlatFile>;
}

export const COLLECTION_STORAGE_KEY = 'collection2';
export const COLLECTION_OPTIONS_STORAGE_KEY = 'collection2-options';

/** The part of the Web Storage API the store uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface StoredOptions {
  options: CollectionOptions;
  /** The html / optimize / alias values from before SRI was switched on, restored when it is switched off. */
  beforeSri: Omit<CollectionOptions, 'sri'> | null;
}

const OPTION_NAMES = ['html', 'optimize', 'alias', 'sri'] as const;
type OptionName = (typeof OPTION_NAMES)[number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameFile(a: CollectionItemKey, b: CollectionItemKey): boolean {
  return a.type === b.type && a.name === b.name && a.version === b.version && normalizeFilePath(a.file) === normalizeFilePath(b.file);
}

function parseItem(value: unknown): CollectionItem | null {
  if (!isRecord(value)) return null;
  const { type, name, version, file, hash, isDefault } = value;
  if (type !== 'npm' && type !== 'gh') return null;
  if (typeof name !== 'string' || !name || typeof version !== 'string' || !version || typeof file !== 'string' || !file) return null;
  return {
    type,
    name,
    version,
    file: normalizeFilePath(file),
    hash: typeof hash === 'string' && hash ? hash : null,
    isDefault: isDefault === true,
  };
}

/** The stored list, keeping every well-formed item once; anything unreadable counts as empty. */
export function parseStoredItems(text: string | null): CollectionItem[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: CollectionItem[] = [];
  for (const entry of parsed) {
    const item = parseItem(entry);
    if (item && !items.some((kept) => sameFile(kept, item))) items.push(item);
  }
  return items;
}

function parseOptionValues(value: unknown, names: readonly OptionName[]): Partial<CollectionOptions> {
  const result: Partial<CollectionOptions> = {};
  if (!isRecord(value)) return result;
  for (const name of names) if (typeof value[name] === 'boolean') result[name] = value[name];
  return result;
}

export function parseStoredOptions(text: string | null): StoredOptions {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const record = isRecord(parsed) ? parsed : {};
  const options = { ...DEFAULT_COLLECTION_OPTIONS, ...parseOptionValues(record['options'], OPTION_NAMES) };
  const before = parseOptionValues(record['beforeSri'], ['html', 'optimize', 'alias']);
  const beforeSri =
    options.sri && before.html !== undefined && before.optimize !== undefined && before.alias !== undefined
      ? { html: before.html, optimize: before.optimize, alias: before.alias }
      : null;
  return { options, beforeSri };
}

/** Every file of a listing, flattened to absolute paths. */
function findListed(listing: CollectionFileListing, path: string): { hash: string } | null {
  const walk = (entries: ReadonlyArray<FileTreeEntry | FlatFile>, prefix: string): { hash: string } | null => {
    for (const entry of entries) {
      if ('type' in entry && entry.type === 'directory') {
        if (path.startsWith(`${prefix}/${entry.name}/`)) {
          const found = walk(entry.files, `${prefix}/${entry.name}`);
          if (found) return found;
        }
        continue;
      }
      const entryPath = 'type' in entry ? `${prefix}/${entry.name}` : normalizeFilePath(entry.name);
      if (entryPath === path) return { hash: entry.hash };
    }
    return null;
  };
  return walk(listing.files, '');
}

export interface CollectionStore {
  readonly items$: BehaviorSubject<readonly CollectionItem[]>;
  readonly options$: BehaviorSubject<Readonly<CollectionOptions>>;
  toggle(item: CollectionItemInput, listing?: CollectionFileListing): boolean;
  has(item: CollectionItemKey): boolean;
  remove(item: CollectionItemKey): void;
  clear(): void;
  move(from: number, to: number): void;
  setOption(name: OptionName, value: boolean): void;
  /** Stops following other tabs. */
  dispose(): void;
}

export interface CollectionStoreEnvironment {
  /** Where the collection is kept; `null` keeps it in memory only. */
  storage: KeyValueStorage | null;
  /** Where `storage` events from other tabs arrive (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  log?: (message: string) => void;
}

export function createCollectionStore(environment: CollectionStoreEnvironment): CollectionStore {
  const { storage, events = null } = environment;
  const log = environment.log ?? ((message: string) => console.warn(message));

  const read = (key: string): string | null => {
    try {
      return storage ? storage.getItem(key) : null;
    } catch {
      return null;
    }
  };
  let warnedAboutStorage = false;
  const write = (key: string, value: string): void => {
    if (!storage) return;
    try {
      storage.setItem(key, value);
    } catch (error) {
      // A full or blocked storage: the collection keeps working for this page, it just is not kept.
      if (!warnedAboutStorage) log(`The file collection could not be saved: ${error instanceof Error ? error.message : String(error)}`);
      warnedAboutStorage = true;
    }
  };

  const items$ = new BehaviorSubject<readonly CollectionItem[]>(parseStoredItems(read(COLLECTION_STORAGE_KEY)));
  const initialOptions = parseStoredOptions(read(COLLECTION_OPTIONS_STORAGE_KEY));
  const options$ = new BehaviorSubject<Readonly<CollectionOptions>>(initialOptions.options);
  let beforeSri = initialOptions.beforeSri;

  const setItems = (items: readonly CollectionItem[]): void => {
    items$.next(items);
    write(COLLECTION_STORAGE_KEY, JSON.stringify(items));
  };
  const setOptions = (options: CollectionOptions): void => {
    options$.next(options);
    write(COLLECTION_OPTIONS_STORAGE_KEY, JSON.stringify({ options, beforeSri } satisfies StoredOptions));
  };

  const onStorage = (event: Event): void => {
    const key = (event as StorageEvent).key;
    // A null key means another tab cleared the whole storage.
    if (key === COLLECTION_STORAGE_KEY || key === null) items$.next(parseStoredItems(read(COLLECTION_STORAGE_KEY)));
    if (key === COLLECTION_OPTIONS_STORAGE_KEY || key === null) {
      const stored = parseStoredOptions(read(COLLECTION_OPTIONS_STORAGE_KEY));
      beforeSri = stored.beforeSri;
      options$.next(stored.options);
    }
  };
  events?.addEventListener('storage', onStorage);

  const has = (item: CollectionItemKey): boolean => items$.getValue().some((kept) => sameFile(kept, item));

  return {
    items$,
    options$,
    has,
    toggle(input, listing) {
      const file = normalizeFilePath(input.file);
      const key = { ...input, file };
      if (has(key)) {
        setItems(items$.getValue().filter((kept) => !sameFile(kept, key)));
        return false;
      }
      let hash = input.hash ?? null;
      let isDefault = input.isDefault ?? false;
      if (listing && !isEsmPath(file)) {
        const listed = findListed(listing, file);
        if (!listed) {
          log(`Not added to the collection: ${input.type}/${input.name}@${input.version}${file} is not in the file listing.`);
          return false;
        }
        hash = listed.hash || hash;
        isDefault = listing.default !== null && normalizeFilePath(listing.default) === file;
      }
      setItems([...items$.getValue(), { type: input.type, name: input.name, version: input.version, file, hash, isDefault }]);
      return true;
    },
    remove(item) {
      const items = items$.getValue();
      const kept = items.filter((entry) => !sameFile(entry, item));
      if (kept.length !== items.length) setItems(kept);
    },
    clear() {
      setItems([]);
    },
    move(from, to) {
      const items = [...items$.getValue()];
      if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from >= items.length) return;
      const target = Math.min(Math.max(to, 0), items.length - 1);
      if (target === from) return;
      const [moved] = items.splice(from, 1);
      if (!moved) return;
      items.splice(target, 0, moved);
      setItems(items);
    },
    setOption(name, value) {
      const current = options$.getValue();
      if (name === 'sri') {
        if (value === current.sri) return;
        if (value) {
          // SRI hashes fit only the exact, unmodified files, written as tags.
          beforeSri = { html: current.html, optimize: current.optimize, alias: current.alias };
          setOptions({ html: true, optimize: false, alias: false, sri: true });
        } else {
          const restored = beforeSri ?? { html: current.html, optimize: current.optimize, alias: current.alias };
          beforeSri = null;
          setOptions({ ...restored, sri: false });
        }
        return;
      }
      if (current[name] === value) return;
      setOptions({ ...current, [name]: value });
    },
    dispose() {
      events?.removeEventListener('storage', onStorage);
    },
  };
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    // Reading localStorage itself throws where storage is blocked.
    return null;
  }
}

/** The one store of the page (the shared library is a singleton, so every remote gets this one). */
const store = createCollectionStore({ storage: browserStorage(), events: typeof window !== 'undefined' ? window : null });

/** The selected files, in the order the visitor arranged them. */
export const collection$ = store.items$;
/** The link options html (off), optimize (on), alias (off), sri (off). */
export const collectionOptions$ = store.options$;

/** Adds the file, or removes it when it is in already. With a listing, a file it lacks is not added (only logged), and hash and default flag come from it. Returns whether the file is now in. */
export function toggleCollectionItem(item: CollectionItemInput, listing?: CollectionFileListing): boolean {
  return store.toggle(item, listing);
}

export function isInCollection(item: CollectionItemKey): boolean {
  return store.has(item);
}

export function removeCollectionItem(item: CollectionItemKey): void {
  store.remove(item);
}

export function clearCollection(): void {
  store.clear();
}

/** Moves the item at `from` to index `to` (clamped to the list). */
export function moveCollectionItem(from: number, to: number): void {
  store.move(from, to);
}

/** Sets one option; switching SRI on forces html on and optimize and alias off, switching it off restores them. */
export function setCollectionOption(name: OptionName, value: boolean): void {
  store.setOption(name, value);
}

export type CollectionOptionName = OptionName;

import { COLLECTION_OPTIONS_STORAGE_KEY, COLLECTION_STORAGE_KEY, createCollectionStore, type CollectionFileListing, type KeyValueStorage } from './collection';

class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
}

class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

const fileA = { type: 'npm' as const, name: 'alpha', version: '1.2.3', file: '/dist/alpha.js', hash: 'HA=', isDefault: false };
const fileB = { type: 'npm' as const, name: 'alpha', version: '1.2.3', file: '/dist/alpha.css', hash: 'HB=', isDefault: false };
const fileC = { type: 'gh' as const, name: 'octo/widgets', version: 'v1.0.0', file: '/w.js', hash: null, isDefault: false };

const listing: CollectionFileListing = {
  default: '/dist/alpha.min.js',
  files: [
    { type: 'file', name: 'package.json', hash: 'HP=', size: 10 },
    {
      type: 'directory',
      name: 'dist',
      files: [
        { type: 'file', name: 'alpha.js', hash: 'HA=', size: 100 },
        { type: 'file', name: 'alpha.min.js', hash: 'HM=', size: 50 },
      ],
    },
  ],
};

function newStore(storage: KeyValueStorage | null = new MemoryStorage(), log = jest.fn()) {
  return { store: createCollectionStore({ storage, log }), log };
}

describe('items', () => {
  test('toggling adds a file, toggling again removes it', () => {
    const { store } = newStore();
    expect(store.toggle(fileA)).toBe(true);
    expect(store.has(fileA)).toBe(true);
    expect(store.toggle({ type: 'npm', name: 'alpha', version: '1.2.3', file: 'dist/alpha.js' })).toBe(false);
    expect(store.items$.getValue()).toEqual([]);
  });

  test('the same path in another version is another file', () => {
    const { store } = newStore();
    store.toggle(fileA);
    expect(store.has({ ...fileA, version: '1.2.4' })).toBe(false);
  });

  test('with a listing, hash and default flag come from it; the default file is matched by its path', () => {
    const { store } = newStore();
    store.toggle({ type: 'npm', name: 'alpha', version: '1.2.3', file: 'dist/alpha.min.js' }, listing);
    store.toggle({ type: 'npm', name: 'alpha', version: '1.2.3', file: '/package.json', isDefault: true }, listing);
    expect(store.items$.getValue()).toEqual([
      { type: 'npm', name: 'alpha', version: '1.2.3', file: '/dist/alpha.min.js', hash: 'HM=', isDefault: true },
      { type: 'npm', name: 'alpha', version: '1.2.3', file: '/package.json', hash: 'HP=', isDefault: false },
    ]);
  });

  test('a file missing from the listing is not added, only logged', () => {
    const { store, log } = newStore();
    expect(store.toggle({ type: 'npm', name: 'alpha', version: '1.2.3', file: '/dist/missing.js' }, listing)).toBe(false);
    expect(store.items$.getValue()).toEqual([]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/dist/missing.js'));
  });

  test('a flat listing works as well as a tree', () => {
    const { store } = newStore();
    store.toggle(fileA, { default: '/dist/alpha.js', files: [{ name: '/dist/alpha.js', hash: 'FLAT=', size: 1 }] });
    expect(store.items$.getValue()[0]).toMatchObject({ hash: 'FLAT=', isDefault: true });
  });

  test('remove one, remove all', () => {
    const { store } = newStore();
    store.toggle(fileA);
    store.toggle(fileB);
    store.toggle(fileC);
    store.remove(fileB);
    expect(store.items$.getValue().map((item) => item.file)).toEqual(['/dist/alpha.js', '/w.js']);
    store.clear();
    expect(store.items$.getValue()).toEqual([]);
  });

  test('reorder moves an item to a new index, clamping the target; bad indexes change nothing', () => {
    const { store } = newStore();
    [fileA, fileB, fileC].forEach((item) => store.toggle(item));
    store.move(0, 2);
    expect(store.items$.getValue().map((item) => item.file)).toEqual(['/dist/alpha.css', '/w.js', '/dist/alpha.js']);
    store.move(2, -5);
    expect(store.items$.getValue().map((item) => item.file)).toEqual(['/dist/alpha.js', '/dist/alpha.css', '/w.js']);
    store.move(7, 0);
    store.move(1.5, 0);
    expect(store.items$.getValue().map((item) => item.file)).toEqual(['/dist/alpha.js', '/dist/alpha.css', '/w.js']);
  });
});

describe('persistence', () => {
  test('the collection is kept under collection2 and read back by a new page', () => {
    const storage = new MemoryStorage();
    const { store } = newStore(storage);
    store.toggle(fileA);
    store.toggle(fileC);
    store.move(1, 0);
    expect(JSON.parse(storage.getItem(COLLECTION_STORAGE_KEY) ?? '')).toEqual([fileC, fileA]);
    const { store: reloaded } = newStore(storage);
    expect(reloaded.items$.getValue()).toEqual([fileC, fileA]);
  });

  test('options are kept too', () => {
    const storage = new MemoryStorage();
    newStore(storage).store.setOption('html', true);
    expect(newStore(storage).store.options$.getValue()).toEqual({ html: true, optimize: true, alias: false, sri: false });
  });

  test.each([['not json {'], ['{"an":"object"}'], ['null'], ['42']])('corrupt stored data %j reads as an empty collection', (text) => {
    const storage = new MemoryStorage();
    storage.setItem(COLLECTION_STORAGE_KEY, text);
    storage.setItem(COLLECTION_OPTIONS_STORAGE_KEY, text);
    const { store } = newStore(storage);
    expect(store.items$.getValue()).toEqual([]);
    expect(store.options$.getValue()).toEqual({ html: false, optimize: true, alias: false, sri: false });
    store.toggle(fileA);
    expect(store.items$.getValue()).toEqual([fileA]);
  });

  test('malformed and repeated stored items are dropped, good ones kept', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      COLLECTION_STORAGE_KEY,
      JSON.stringify([fileA, { type: 'svn', name: 'x', version: '1', file: '/x' }, 'text', { ...fileA }, { ...fileB, hash: 7 }]),
    );
    expect(newStore(storage).store.items$.getValue()).toEqual([fileA, { ...fileB, hash: null }]);
  });

  test('a full storage keeps the collection working for the page and logs once', () => {
    const { store, log } = newStore(new FullStorage());
    store.toggle(fileA);
    store.toggle(fileB);
    expect(store.items$.getValue()).toHaveLength(2);
    expect(log).toHaveBeenCalledTimes(1);
  });

  test('a storage that throws on read starts empty', () => {
    const throwing: KeyValueStorage = {
      getItem() {
        throw new Error('blocked');
      },
      setItem() {
        throw new Error('blocked');
      },
    };
    const { store } = newStore(throwing);
    expect(store.items$.getValue()).toEqual([]);
    store.toggle(fileA);
    expect(store.has(fileA)).toBe(true);
  });

  test('without storage the collection lives in memory', () => {
    const { store } = newStore(null);
    store.toggle(fileA);
    expect(store.has(fileA)).toBe(true);
  });

  test('changes made in another tab arrive through the storage event', () => {
    const storage = new MemoryStorage();
    const events = new EventTarget();
    const store = createCollectionStore({ storage, events, log: jest.fn() });
    const otherTab = createCollectionStore({ storage, log: jest.fn() });
    otherTab.toggle(fileB);
    otherTab.setOption('sri', true);
    events.dispatchEvent(Object.assign(new Event('storage'), { key: COLLECTION_STORAGE_KEY }));
    events.dispatchEvent(Object.assign(new Event('storage'), { key: COLLECTION_OPTIONS_STORAGE_KEY }));
    expect(store.items$.getValue()).toEqual([fileB]);
    expect(store.options$.getValue().sri).toBe(true);
    store.dispose();
    otherTab.toggle(fileA);
    events.dispatchEvent(Object.assign(new Event('storage'), { key: COLLECTION_STORAGE_KEY }));
    expect(store.items$.getValue()).toEqual([fileB]);
  });
});

describe('options', () => {
  test('defaults: html off, optimize on, alias off, sri off', () => {
    expect(newStore().store.options$.getValue()).toEqual({ html: false, optimize: true, alias: false, sri: false });
  });

  test('SRI on forces html on and optimize and alias off; SRI off restores the prior values', () => {
    const { store } = newStore();
    store.setOption('alias', true);
    store.setOption('sri', true);
    expect(store.options$.getValue()).toEqual({ html: true, optimize: false, alias: false, sri: true });
    store.setOption('sri', false);
    expect(store.options$.getValue()).toEqual({ html: false, optimize: true, alias: true, sri: false });
  });

  test('options changed while SRI is on are still put back to the values from before SRI', () => {
    const { store } = newStore();
    store.setOption('sri', true);
    store.setOption('optimize', true);
    expect(store.options$.getValue()).toEqual({ html: true, optimize: true, alias: false, sri: true });
    store.setOption('sri', false);
    expect(store.options$.getValue()).toEqual({ html: false, optimize: true, alias: false, sri: false });
  });

  test('the values to restore survive a reload', () => {
    const storage = new MemoryStorage();
    const { store } = newStore(storage);
    store.setOption('alias', true);
    store.setOption('sri', true);
    const { store: reloaded } = newStore(storage);
    reloaded.setOption('sri', false);
    expect(reloaded.options$.getValue()).toEqual({ html: false, optimize: true, alias: true, sri: false });
  });
});

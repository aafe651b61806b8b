/**
 * First start: fill an empty index from the shipped catalog in one transaction, reporting progress,
 * so that a fresh install answers with real package names straight away. Runs once per index file.
 */
import { catalogRecords } from './catalog.ts';
import type { SearchIndex } from './index.ts';

const BOOTSTRAP_KEY = 'catalog_bootstrapped';
const PROGRESS_EVERY = 5000;

export interface BootstrapReport {
  /** Records added; 0 when the index had been bootstrapped before. */
  added: number;
  total: number;
}

export function bootstrapFromCatalog(index: SearchIndex, catalogFile: string, progress: (message: string) => void): BootstrapReport {
  if (index.getMeta(BOOTSTRAP_KEY)) return { added: 0, total: index.count() };
  const records = catalogRecords(catalogFile);
  progress(`Indexing ${records.length} packages from the catalog`);
  let added = 0;
  index.transaction(() => {
    for (const record of records) {
      // A package already indexed from its own document keeps its full record.
      if (index.sourceOf(record.name) !== 'document') {
        index.upsert(record, 'catalog');
        added++;
      }
      if (added % PROGRESS_EVERY === 0 && added > 0) progress(`Indexed ${added} of ${records.length} packages`);
    }
    index.setMeta(BOOTSTRAP_KEY, new Date().toISOString());
  });
  progress(`Indexed ${added} packages from the catalog`);
  return { added, total: index.count() };
}

/**
 * The shipped catalog of popular npm packages (gzip TSV: name, version, downloads_a_month, description),
 * turned into search records so that a fresh install finds real names at once. Fields the catalog does not
 * carry (owner, keywords, module types) stay empty until the package's own document is indexed.
 */
import { readCatalog } from '../packages/npm/npmCatalog.ts';
import { POPULAR_MONTHLY_DOWNLOADS, type SearchRecord } from './record.ts';

function catalogRecord(name: string, version: string, downloads: number, description: string): SearchRecord {
  return {
    objectID: name,
    name,
    description,
    version,
    license: null,
    homepage: null,
    keywords: [],
    owner: { name: '', avatar: '', link: '' },
    githubRepo: null,
    deprecated: false,
    popular: downloads >= POPULAR_MONTHLY_DOWNLOADS,
    moduleTypes: ['unknown'],
    styleTypes: ['none'],
    jsDelivrHits: 0,
    downloads,
  };
}

export function catalogRecords(file: string): SearchRecord[] {
  return readCatalog(file).map((entry) => catalogRecord(entry.name, entry.version, entry.downloads, entry.description));
}

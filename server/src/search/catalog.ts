/**
 * The shipped catalog of popular npm packages (gzip TSV: name, version, downloads_a_month, description),
 * turned into search records so that a fresh install finds real names at once. Fields the catalog does not
 * carry (owner, keywords, module types) stay empty until the package's own document is indexed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { POPULAR_MONTHLY_DOWNLOADS, type SearchRecord } from './record.ts';

export function catalogPath(projectRoot: string): string {
  return path.join(projectRoot, 'server', 'data', 'npm-popular-20k.tsv.gz');
}

export function catalogRecord(name: string, version: string, downloads: number, description: string): SearchRecord {
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

export function readCatalog(file: string): SearchRecord[] {
  const raw = fs.readFileSync(file);
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const lines = text.split('\n');
  const header = (lines[0] ?? '').split('\t');
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`The package catalog ${file} has no "${name}" column.`);
    return index;
  };
  const nameAt = column('name');
  const versionAt = column('version');
  const downloadsAt = column('downloads_a_month');
  const descriptionAt = column('description');
  const records: SearchRecord[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const cells = line.split('\t');
    const name = cells[nameAt]?.trim();
    if (!name) continue;
    const downloads = Number(cells[downloadsAt]);
    records.push(catalogRecord(name, cells[versionAt]?.trim() ?? '', Number.isFinite(downloads) ? downloads : 0, cells[descriptionAt]?.trim() ?? ''));
  }
  return records;
}

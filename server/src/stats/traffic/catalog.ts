/**
 * The shipped catalog of popular npm packages (server/data/npm-popular-20k.tsv.gz): name, latest version
 * and monthly downloads, most downloaded first. The demo traffic generator draws packages from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface CatalogEntry {
  name: string;
  version: string;
  downloads: number;
}

export function catalogPath(projectRoot: string): string {
  return path.join(projectRoot, 'server', 'data', 'npm-popular-20k.tsv.gz');
}

export function parseCatalog(tsv: string): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const [name, version, downloads] = row.split('\t');
    if (!name || !version || !downloads) continue;
    const count = Number(downloads);
    if (!Number.isFinite(count)) continue;
    entries.push({ name, version, downloads: count });
  }
  return entries;
}

export function readCatalog(projectRoot: string): CatalogEntry[] {
  return parseCatalog(zlib.gunzipSync(fs.readFileSync(catalogPath(projectRoot))).toString('utf8'));
}

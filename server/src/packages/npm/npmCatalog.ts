/**
 * The shipped catalog of popular npm packages (server/data/npm-popular-20k.tsv.gz, a gzip TSV with the columns
 * name, version, downloads_a_month and description, most downloaded first). Search indexes it on a fresh
 * install; the demo traffic generator and the benchmarks draw packages from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface CatalogEntry {
  name: string;
  /** The latest version when the catalog was made ('' when the row has none). */
  version: string;
  downloads: number;
  description: string;
}

export function catalogPath(projectRoot: string): string {
  return path.join(projectRoot, 'server', 'data', 'npm-popular-20k.tsv.gz');
}

/** The rows of a catalog TSV, its columns found by the header's names; rows without a name are skipped. */
export function parseCatalog(tsv: string, source = 'The package catalog'): CatalogEntry[] {
  const lines = tsv.split('\n');
  const header = (lines[0] ?? '').split('\t');
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`${source} has no "${name}" column.`);
    return index;
  };
  const nameAt = column('name');
  const versionAt = column('version');
  const downloadsAt = column('downloads_a_month');
  const descriptionAt = column('description');
  const entries: CatalogEntry[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const cells = line.split('\t');
    const name = cells[nameAt]?.trim();
    if (!name) continue;
    const downloads = Number(cells[downloadsAt]);
    entries.push({
      name,
      version: cells[versionAt]?.trim() ?? '',
      downloads: Number.isFinite(downloads) ? downloads : 0,
      description: cells[descriptionAt]?.trim() ?? '',
    });
  }
  return entries;
}

/** Reads a catalog file, gzipped when its name ends in `.gz`. */
export function readCatalog(file: string): CatalogEntry[] {
  const raw = fs.readFileSync(file);
  return parseCatalog(file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8'), `The package catalog ${file}`);
}

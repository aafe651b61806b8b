/**
 * The search index a product starts with (the shipped catalog, about 20,000 packages, each asked of the fixture
 * registry), made once per run of the journeys instead of by every product (about 25 s of a core each):
 * `buildSearchIndex.ts` fills it in a folder of its own (`searchIndexBuild.mjs`: beside the server tests under
 * `npm test`, else by `run.mjs`), whose name the journeys get in SKYLIFT_E2E_SEARCH_INDEX_DIR, and each product
 * starts with a copy of the index in its data folder. A test file run without `run.mjs` gets no copy: its product
 * fills its own index from the catalog, as a fresh install does.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_INDEX_DIR_ENV } from './searchIndexBuild.mjs';

/** Where the search service keeps its index in a data folder (server/src/search/README.md). */
const INDEX_FILE = path.join('search', 'search.sqlite');

export function copySearchIndex(dataDir: string, from = process.env[SEARCH_INDEX_DIR_ENV]): void {
  if (!from) return;
  const source = path.join(from, INDEX_FILE);
  if (!existsSync(source))
    throw new Error(`No search index at ${source}: ${SEARCH_INDEX_DIR_ENV} names a folder that support/buildSearchIndex.ts did not fill.`);
  mkdirSync(path.join(dataDir, 'search'), { recursive: true });
  // The write-ahead log too, should the service have left one: the index is the file and its log together.
  for (const suffix of ['', '-wal']) {
    if (existsSync(source + suffix)) copyFileSync(source + suffix, path.join(dataDir, INDEX_FILE) + suffix);
  }
}

/**
 * Fills the search index once, for every product of a run to start with a copy of it (support/searchIndex.ts):
 * the search service started alone on the folder given, against the fixture upstreams every journey uses, as a
 * fresh install starts it (it fills an empty index from the shipped catalog before it listens, then its enricher
 * asks the registry for each catalog package), and stopped once the enricher has asked for every one, which
 * leaves the index whole on disk. A product that started from the catalog alone would spend its first 40 s or so
 * of a core asking the fixture registry for 20,000 packages it does not have, beside the journey it serves.
 *   node --import tsx support/buildSearchIndex.ts <folder>
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { until } from '../../server/src/testing/until.ts';
import { startProduct } from './product.ts';
import { startUpstreams } from './upstreams.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node --import tsx support/buildSearchIndex.ts <folder>');
  process.exit(2);
}
const started = performance.now();
const upstreams = await startUpstreams();
// Started at a low priority beside the server tests (scripts/test.mjs), it may get no core for minutes: it has
// until those tests end to be ready, not the minute a journey's product has.
const product = await startProduct({ services: ['search'], dataDir: folder, env: upstreams.env, startTimeoutMs: 240_000 });
try {
  // Where the service keeps its index (server/src/search/README.md); read alongside its writer (WAL).
  const index = new Database(path.join(folder, 'search', 'search.sqlite'), { readonly: true });
  const waiting = index.prepare("SELECT count(*) AS n FROM packages WHERE source = 'catalog'");
  try {
    await until(() => (waiting.get() as { n: number }).n === 0, {
      message: 'the search service to have asked the fixture registry for every catalog package',
      timeoutMs: 240_000,
      intervalMs: 250,
    });
  } finally {
    index.close();
  }
} finally {
  await product.stop();
  await upstreams.stop();
}
console.log(`e2e: search index filled from the catalog and the fixture registry in ${((performance.now() - started) / 1000).toFixed(1)} s`);

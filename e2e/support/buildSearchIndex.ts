/**
 * Fills the search index of a fresh install once, for every product of a run to start with a copy of it
 * (support/searchIndex.ts): the search service started alone on the folder given, as a fresh install starts it
 * (it fills an empty index from the shipped catalog before it listens), then stopped, which leaves the index
 * whole on disk.
 *   node --import tsx support/buildSearchIndex.ts <folder>
 */
import { freePort } from '../../server/src/testing/freePort.ts';
import { startProduct } from './product.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node --import tsx support/buildSearchIndex.ts <folder>');
  process.exit(2);
}
const started = performance.now();
// A registry address nothing listens on: the service's enricher, finding no registry, writes nothing, so the
// copy holds the catalog alone, as a fresh install's index does before the registry's first answer.
const noRegistry = `http://127.0.0.1:${await freePort()}`;
const product = await startProduct({ services: ['search'], dataDir: folder, env: { SKYLIFT_NPM_REGISTRY: noRegistry } });
await product.stop();
console.log(`e2e: search index filled from the catalog in ${((performance.now() - started) / 1000).toFixed(1)} s`);

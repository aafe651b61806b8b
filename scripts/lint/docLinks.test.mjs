// The references rule (docLinks.mjs) on pages written here, and on the repository's own READMEs and docs/.
// Run by the lint stage beside the boundary rules: `node --test scripts/lint/docLinks.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { definedNames, documentationFiles, documentationProblems, flowSteps, linkTargets, pageProblems, rootPaths } from './docLinks.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** A repository of a few files, as `pageProblems` sees one. */
function repository(files) {
  const all = new Map(Object.entries(files));
  const folders = new Set(
    [...all.keys()].flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, at, parts) => parts.slice(0, at + 1).join('/')),
    ),
  );
  return { exists: (file) => all.has(file) || folders.has(file), read: (file) => all.get(file) ?? '' };
}

describe('documentation references rule', () => {
  it('checks every README and every page of docs/, not the READMEs of fixture packages', () => {
    const files = [
      'README.md',
      'server/src/cdn/README.md',
      'docs/flows.md',
      'docs/notes/older.md',
      'server/test/fixtures/upstream/packages/a/1.0.0/README.md',
      'CHANGES.md',
    ];
    assert.deepEqual(documentationFiles(files), ['README.md', 'server/src/cdn/README.md', 'docs/flows.md', 'docs/notes/older.md']);
  });

  it('reads link targets into the repository, leaving web addresses and anchors alone', () => {
    const text = '[a](../server/src/x.ts) [b](https://example.org/x.ts) [c](#layout) [d](cdn/README.md#tests) [e](mailto:a@example.org)';
    assert.deepEqual(linkTargets(text), ['../server/src/x.ts', 'cdn/README.md']);
  });

  it('takes paths written as code from the root, not patterns, placeholders or a build output a fresh clone has not made', () => {
    const text =
      '`server/src/main.ts` `shared/src/ui/` `{dataDir}/request-log` `mf-*/src` `server/src/<service>/app.ts` `npm test` `app.ts` `e2e/run.mjs <file>` `shell/dist/` `mf-stats/dist/remoteEntry.js`';
    assert.deepEqual(rootPaths(text), ['server/src/main.ts', 'shared/src/ui/']);
  });

  it('refuses a link to a file that is gone, naming the page and the link', () => {
    const { exists, read } = repository({ 'server/src/cdn/app.ts': '' });
    assert.deepEqual(pageProblems('docs/flows.md', '[app](../server/src/cdn/app.ts)', exists, read), []);
    assert.deepEqual(pageProblems('docs/flows.md', '[app](../server/src/cdn/gone.ts)', exists, read), [
      'docs/flows.md: the link to ../server/src/cdn/gone.ts leads to no file',
    ]);
    // A link is resolved from the page's folder, as a viewer resolves it.
    assert.equal(pageProblems('server/README.md', '[app](src/cdn/app.ts)', exists, read).length, 0);
    assert.equal(pageProblems('server/src/cdn/README.md', '[app](src/cdn/app.ts)', exists, read).length, 1);
  });

  it('refuses a root path in code that names no file', () => {
    const { exists, read } = repository({ 'server/src/cdn/app.ts': '' });
    assert.deepEqual(pageProblems('README.md', 'see `server/src/cdn/app.ts` and `server/src/cdn/`', exists, read), []);
    assert.deepEqual(pageProblems('README.md', 'see `server/src/stats/store.ts`', exists, read), [
      'README.md: `server/src/stats/store.ts` names no file of the repository',
    ]);
  });

  it('refuses a flow step whose file no longer has the function it names', () => {
    const row = (name) => `| 3 | [server/src/search/index.ts](../server/src/search/index.ts) | \`${name}\` | what happens |`;
    assert.deepEqual(flowSteps(row('SearchIndex.search')), [{ target: '../server/src/search/index.ts', name: 'SearchIndex.search' }]);
    const { exists, read } = repository({ 'server/src/search/index.ts': 'export class SearchIndex {\n  search(params) {}\n}\n' });
    assert.deepEqual(pageProblems('docs/flows.md', row('SearchIndex.search'), exists, read), []);
    assert.deepEqual(pageProblems('docs/flows.md', row('SearchIndex.query'), exists, read), [
      'docs/flows.md: server/src/search/index.ts does not define `SearchIndex.query`',
    ]);
  });

  it('refuses a flow step naming a function its file only imports and calls', () => {
    const row = '| 6 | [server/src/search/queryWorker.ts](../server/src/search/queryWorker.ts) | `serveJobs` | on the thread |';
    const { exists, read } = repository({
      'server/src/search/queryWorker.ts': "import { serveJobs } from '../workers/workerPool.ts';\nserveJobs((job) => job.run());\n",
    });
    assert.deepEqual(pageProblems('docs/flows.md', row, exists, read), ['docs/flows.md: server/src/search/queryWorker.ts does not define `serveJobs`']);
  });

  it('counts what a file defines: functions, classes and their members, variables, object literal methods; not what it imports or calls', () => {
    const source = [
      "import { imported } from './elsewhere.ts';",
      'export function serveFileRequest() { imported(); }',
      'export class VersionStore { get(key) {} private cache = new Map(); }',
      'export const fileRoutes = fp(async (app) => { const inner = 1; });',
      'export interface JobStore { create(): void }',
      'export type Shape = { a: number };',
      'const store = { async expire(ref) {}, size: 1 };',
      'export function createStore() { return { async resolve(ref) {} }; }',
    ].join('\n');
    const names = definedNames(source, 'server/src/x.ts');
    for (const name of [
      'serveFileRequest',
      'VersionStore',
      'VersionStore.get',
      'VersionStore.cache',
      'fileRoutes',
      'inner',
      'JobStore',
      'JobStore.create',
      'Shape',
      'store.expire',
      'expire',
      'resolve',
    ]) {
      assert.ok(names.has(name), name);
    }
    for (const name of ['imported', 'fp', 'serveFileRequests', 'VersionStore.put']) assert.equal(names.has(name), false, name);
    assert.ok(definedNames('export function CollectionSlide() { return <aside />; }', 'mf-package/src/CollectionSlide.tsx').has('CollectionSlide'));
  });
});

it('every file the READMEs and docs/ name exists, and every flow step names a function its file defines', () => {
  const problems = documentationProblems(root);
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

// The references rule (docLinks.mjs) on pages written here, and on the repository's own READMEs and docs/.
// Run by the lint stage beside the boundary rules: `node --test scripts/lint/docLinks.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { documentationFiles, documentationProblems, flowSteps, linkTargets, namesIn, pageProblems, rootPaths } from './docLinks.mjs';

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
      'docs/flows.md: server/src/search/index.ts has no `SearchIndex.query`',
    ]);
  });

  it('matches a name as a whole word only', () => {
    assert.equal(namesIn('function serveFileRequest() {}', 'serveFileRequest'), true);
    assert.equal(namesIn('function serveFileRequests() {}', 'serveFileRequest'), false);
    assert.equal(namesIn('const $x = 1', '$x'), true);
  });
});

it('every file the READMEs and docs/ name exists, and every flow step names a function its file has', () => {
  const problems = documentationProblems(root);
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
});

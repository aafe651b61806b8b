// The shared library's entry rules (sharedEntries.mjs) on small libraries written here, and on the repository's
// own. Run by the lint stage beside the boundary rules: `node --test scripts/lint/sharedEntries.test.mjs`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { SERVER_READS_FROM_SHARED } from '../../eslint.config.js';
import { runtimeImports, sharedEntryProblems } from './sharedEntries.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'shared-entries-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A library in a folder of its own: `files` by path from its root, package.json included. */
function library(name, files) {
  const dir = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), typeof text === 'string' ? text : JSON.stringify(text));
  }
  return dir;
}

const exportsOf = (entries) => ({ name: '@skylift/shared', exports: entries });

describe('the shared library entry rules', () => {
  it('counts what a module imports at run time, not what it imports for its types', () => {
    const text = [
      "import type { A } from './types';",
      "import { type B, type C } from './moreTypes';",
      "import { type D, value } from './mixed';",
      "export type { E } from './exportedTypes';",
      "export { F } from './exported';",
      "export * from './everything';",
      "import './Chart.css';",
      "const later = () => import('./lazy');",
      "const text = `import { x } from './inText'`;",
    ].join('\n');
    assert.deepEqual(runtimeImports(text).sort(), ['./Chart.css', './everything', './exported', './lazy', './mixed']);
  });

  it('refuses a module that two entries reach by relative imports, such as a store, and accepts it once one imports the other by name', () => {
    const store = "import { BehaviorSubject } from 'rxjs';\nexport const items$ = new BehaviorSubject([]);\n";
    const twice = library('twice', {
      'package.json': exportsOf({ '.': './src/index.ts', './stores': './src/stores.ts' }),
      'src/items.ts': store,
      'src/stores.ts': "export { items$ } from './items';\n",
      'src/index.ts': "export { items$ } from './items';\n",
    });
    assert.deepEqual(sharedEntryProblems(twice, []), [
      'src/items.ts is bundled into both @skylift/shared and @skylift/shared/stores: import it by the name of the entry it belongs to.',
    ]);
    const once = library('once', {
      'package.json': exportsOf({ '.': './src/index.ts', './stores': './src/stores.ts' }),
      'src/items.ts': store,
      'src/stores.ts': "export { items$ } from './items';\n",
      'src/index.ts': "export { items$ } from '@skylift/shared/stores';\n",
    });
    assert.deepEqual(sharedEntryProblems(once, []), []);
  });

  it('refuses an entry the server reads that needs React or an entry the server does not read, at run time, in any module it reaches', () => {
    const dir = library('server', {
      'package.json': exportsOf({ '.': './src/index.ts', './pages': './src/pages.ts', './brand': './src/brand.ts' }),
      'src/brand.ts': "export const NAME = 'Skylift';\n",
      'src/index.ts': "export { NAME } from '@skylift/shared/brand';\n",
      'src/pages.ts': "export * from './routes/match';\n",
      'src/routes/match.ts':
        "import type { ComponentType } from 'react';\nimport { lazy } from 'react';\nimport { NAME } from '@skylift/shared';\nexport const page = [lazy, NAME];\n",
    });
    assert.deepEqual(sharedEntryProblems(dir, ['@skylift/shared/pages', '@skylift/shared/brand']), [
      '@skylift/shared/pages, which the server reads, imports react (src/routes/match.ts): the server reads nothing but @skylift/shared/pages, @skylift/shared/brand.',
      '@skylift/shared/pages, which the server reads, imports @skylift/shared (src/routes/match.ts): the server reads nothing but @skylift/shared/pages, @skylift/shared/brand.',
    ]);
  });

  it("holds for the repository's shared library", () => {
    assert.deepEqual(sharedEntryProblems(path.join(root, 'shared'), SERVER_READS_FROM_SHARED), []);
  });
});

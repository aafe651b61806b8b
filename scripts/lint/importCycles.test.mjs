// The circles rule (importCycles.mjs) on small graphs written here, and on the repository itself. Run by the
// lint stage beside the boundary rules: `node --test scripts/lint/importCycles.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { circleProblems, circles, importGraph, importsOf } from './importCycles.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The import graph of a few files given by their text. */
const graphOf = (files) => importGraph(Object.keys(files), (file) => files[file]);

describe('import circles rule', () => {
  it('reads every kind of relative import, type-only and dynamic ones included, and no package import', () => {
    const text = [
      "import fs from 'node:fs';",
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c/index.ts';",
      "export type { D } from './d.ts';",
      "const e = await import('./e.ts');",
      "import '@skylift/shared/brand';",
    ].join('\n');
    assert.deepEqual(importsOf(text), ['./a.ts', '../b.ts', './c/index.ts', './d.ts', './e.ts']);
  });

  it('finds an interface kept in its factory file, which the implementations import back', () => {
    const graph = graphOf({
      'server/src/purge/captcha/verifier.ts': "import { createAltcha } from './altcha.ts';\nexport interface Verifier {}\n",
      'server/src/purge/captcha/altcha.ts': "import type { Verifier } from './verifier.ts';\n",
      'server/src/purge/app.ts': "import { createVerifier } from './captcha/verifier.ts';\n",
    });
    assert.deepEqual(circles(graph), [['server/src/purge/captcha/altcha.ts', 'server/src/purge/captcha/verifier.ts']]);
  });

  it('finds a longer circle across folders, and a module importing itself', () => {
    const graph = graphOf({
      'server/src/a/one.ts': "import '../b/two.ts';\n",
      'server/src/b/two.ts': "export * from '../c/three.ts';\n",
      'server/src/c/three.ts': "import type { One } from '../a/one.ts';\n",
      'server/src/d/self.ts': "export { x } from './self.ts';\n",
    });
    assert.deepEqual(circles(graph), [['server/src/a/one.ts', 'server/src/b/two.ts', 'server/src/c/three.ts'], ['server/src/d/self.ts']]);
  });

  it('lets an interface in a file of its own through', () => {
    const graph = graphOf({
      'server/src/purge/captcha/captchaVerifier.ts': 'export interface CaptchaVerifier {}\n',
      'server/src/purge/captcha/verifier.ts': "import { createAltcha } from './altcha.ts';\nimport type { CaptchaVerifier } from './captchaVerifier.ts';\n",
      'server/src/purge/captcha/altcha.ts': "import type { CaptchaVerifier } from './captchaVerifier.ts';\n",
    });
    assert.deepEqual(circles(graph), []);
  });

  it('the repository has no circle', () => {
    assert.deepEqual(circleProblems(root), []);
  });
});

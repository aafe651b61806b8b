// The custom property rule (customProperties.mjs) on texts written here, and on the repository itself. Run by the
// lint stage: `node --test scripts/lint/customProperties.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { customPropertyProblems, repositoryCustomPropertyProblems, TOKENS_CSS } from './customProperties.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const tokens = ':root {\n  --color-accent: blue;\n}\n';

describe('custom property rule', () => {
  it('refuses a property a shared component reads that only a remote defines', () => {
    const files = new Map([
      [TOKENS_CSS, tokens],
      ['shared/src/ui/Switch/Switch.css', '.on {\n  background: var(--sl-switch-on);\n}\n'],
      ['mf-package/src/collection/collection.module.css', '.switch {\n  --sl-switch-on: var(--color-accent);\n}\n'],
    ]);
    assert.deepEqual(customPropertyProblems(files), ['shared/src/ui/Switch/Switch.css:2: --sl-switch-on']);
  });

  it('refuses a property a remote reads that only another remote defines', () => {
    const files = new Map([
      ['mf-package/src/a.module.css', '.a {\n  --pkg-accent: red;\n}\n'],
      ['mf-stats/src/b.module.css', '.b {\n  color: var(--pkg-accent);\n}\n'],
    ]);
    assert.deepEqual(customPropertyProblems(files, tokens), ['mf-stats/src/b.module.css:2: --pkg-accent']);
  });

  it('lets through the tokens, a property of the same package, and any read with a fallback', () => {
    const files = new Map([
      ['mf-package/src/a.module.css', '.a {\n  --pkg-accent: var(--color-accent);\n}\n'],
      ['mf-package/src/b.module.css', '.b {\n  color: var(--pkg-accent);\n  border-color: var(--color-accent);\n}\n'],
      ['shared/src/ui/Switch/Switch.css', '.on {\n  background: var(--sl-switch-on, var(--color-accent));\n}\n'],
    ]);
    assert.deepEqual(customPropertyProblems(files, tokens), []);
  });

  it('finds none in the repository', () => {
    assert.deepEqual(repositoryCustomPropertyProblems(root), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entryPath, linkTarget } from './entryPath.ts';

describe('archive entry paths', () => {
  it('strips the top-level folder, whatever its name', () => {
    assert.deepEqual(entryPath('package/dist/x.js'), { ok: true, path: '/dist/x.js' });
    assert.deepEqual(entryPath('repo-0123abc/src/a.js'), { ok: true, path: '/src/a.js' });
    assert.deepEqual(entryPath('package/./dist//x.js'), { ok: true, path: '/dist/x.js' });
  });

  it('ignores the top folder itself and files at the archive root', () => {
    assert.deepEqual(entryPath('package/'), { ok: true, path: null });
    assert.deepEqual(entryPath('pax_global_header'), { ok: true, path: null });
  });

  it('refuses traversal, absolute paths and NUL bytes', () => {
    for (const bad of [
      'package/../../etc/passwd',
      '../x',
      'package/a/../../..',
      '/etc/passwd',
      '\\\\server\\share',
      'C:/Windows/x',
      'package\\..\\..\\x',
      'package/a\0b',
    ]) {
      assert.equal(entryPath(bad).ok, false, bad);
    }
  });
});

describe('link targets', () => {
  it('resolves symbolic links relative to their folder', () => {
    assert.deepEqual(linkTarget('/dist/latest.js', 'v2/lib.js', 'symlink'), { ok: true, path: '/dist/v2/lib.js' });
    assert.deepEqual(linkTarget('/dist/latest.js', '../src/lib.js', 'symlink'), { ok: true, path: '/src/lib.js' });
  });

  it('refuses symbolic links that climb out of the version or are absolute', () => {
    assert.equal(linkTarget('/lib/passwd', '../../etc/passwd', 'symlink').ok, false);
    assert.equal(linkTarget('/lib/passwd', '../../../../../../etc/passwd', 'symlink').ok, false);
    assert.equal(linkTarget('/lib/passwd', '/etc/passwd', 'symlink').ok, false);
    assert.equal(linkTarget('/x', '', 'symlink').ok, false);
  });

  it('reads hard link targets from the archive root and refuses ones outside', () => {
    assert.deepEqual(linkTarget('/copy.js', 'package/dist/x.js', 'hardlink'), { ok: true, path: '/dist/x.js' });
    assert.equal(linkTarget('/copy.js', '../etc/shadow', 'hardlink').ok, false);
    assert.equal(linkTarget('/copy.js', '/etc/shadow', 'hardlink').ok, false);
  });
});

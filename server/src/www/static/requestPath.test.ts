import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { normaliseRequestPath, resolveInside } from './requestPath.ts';

const pathOf = (url: string): string => {
  const result = normaliseRequestPath(url);
  assert.ok(result.ok, url);
  return result.pathname;
};

describe('request paths', () => {
  it('decodes and normalises, never climbing above the root', () => {
    assert.equal(pathOf('/a/b/../c?x=1'), '/a/c');
    assert.equal(pathOf('/../../etc/passwd'), '/etc/passwd');
    assert.equal(pathOf('/%2e%2e/%2E%2E/etc/passwd'), '/etc/passwd');
    assert.equal(pathOf('/a%2f..%2f..%2fb'), '/b');
    assert.equal(pathOf('/a\\..\\..\\b'), '/b');
    assert.equal(pathOf('//double//slashes/'), '/double/slashes/');
    assert.equal(pathOf('/package/npm/@scope/name'), '/package/npm/@scope/name');
  });

  it('refuses NUL bytes and broken percent-encoding', () => {
    assert.deepEqual(normaliseRequestPath('/a%00b'), { ok: false, message: 'The address contains a NUL byte.' });
    assert.equal(normaliseRequestPath('/%E0%A4%A').ok, false);
  });

  it('resolves only inside the root folder', () => {
    const root = path.resolve('/srv/build');
    assert.equal(resolveInside(root, '/main.js'), path.join(root, 'main.js'));
    assert.equal(resolveInside(root, 'a/b.js'), path.join(root, 'a', 'b.js'));
    assert.equal(resolveInside(root, '../secret'), null);
    assert.equal(resolveInside(root, '/../../secret'), null);
    assert.equal(resolveInside(root, '/etc/passwd'), path.join(root, 'etc', 'passwd'));
    assert.equal(resolveInside('/srv/build', '../build-other/x'), null, 'a sibling folder sharing the prefix is outside');
  });
});

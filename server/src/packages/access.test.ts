import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packageAccessConfig } from '../config/packageAccess.ts';
import { packageAccess } from './access.ts';

describe('package access', () => {
  it('serves everything when nothing is configured', () => {
    const access = packageAccess(packageAccessConfig({}));
    assert.equal(access.allowed('react'), true);
    assert.equal(access.allowed('@acme/secret'), true);
  });

  it('refuses denied names and every package of a denied scope, with a 403 that says why', () => {
    const access = packageAccess(packageAccessConfig({ SKYLIFT_PACKAGE_DENY: 'left-pad, @evil' }));
    assert.equal(access.allowed('left-pad'), false);
    assert.equal(access.allowed('Left-Pad'), false);
    assert.equal(access.allowed('left-pad-2'), true);
    assert.equal(access.allowed('@evil/anything'), false);
    assert.equal(access.allowed('@evilish/thing'), true);
    assert.throws(() => access.check('@evil/x'), { status: 403, message: "Package @evil/x is blocked by this CDN's operator." });
  });

  it('with an allow-list serves only its names and scopes, and a denial still wins', () => {
    const access = packageAccess(packageAccessConfig({ SKYLIFT_PACKAGE_ALLOW: 'react,@acme/*', SKYLIFT_PACKAGE_DENY: '@acme/old' }));
    assert.equal(access.allowed('react'), true);
    assert.equal(access.allowed('@acme/secret'), true);
    assert.equal(access.allowed('@acme/old'), false);
    assert.equal(access.allowed('react-dom'), false);
    assert.throws(() => access.check('react-dom'), { status: 403, message: 'Package react-dom is not on the list of packages this CDN serves.' });
  });

  it('refuses a list entry that is neither a name nor a scope', () => {
    assert.throws(() => packageAccessConfig({ SKYLIFT_PACKAGE_DENY: 'a b' }), /SKYLIFT_PACKAGE_DENY: "a b" is neither a package name nor a scope/);
  });
});

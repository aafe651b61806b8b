import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PackageError } from '../packages/types.ts';
import { parseCombinePath, parseGhPath, parseNpmPath } from './parseCdnUrl.ts';

function badRequest(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof PackageError);
    assert.equal(error.status, 400);
    return error.message;
  }
  assert.fail('expected a 400');
}

test('npm URLs: name, version, path and mode', () => {
  assert.deepEqual(parseNpmPath('jquery@3.7.1/dist/jquery.js'), {
    ref: { type: 'npm', name: 'jquery' },
    requested: '3.7.1',
    path: '/dist/jquery.js',
    mode: 'file',
  });
  assert.deepEqual(parseNpmPath('@popperjs/core@2/dist/umd/popper.min.js'), {
    ref: { type: 'npm', name: '@popperjs/core' },
    requested: '2',
    path: '/dist/umd/popper.min.js',
    mode: 'file',
  });
  assert.deepEqual(parseNpmPath('%40popperjs/core'), { ref: { type: 'npm', name: '@popperjs/core' }, requested: '', path: '', mode: 'default' });
  assert.deepEqual(parseNpmPath('jquery'), { ref: { type: 'npm', name: 'jquery' }, requested: '', path: '', mode: 'default' });
  assert.deepEqual(parseNpmPath('jquery/'), { ref: { type: 'npm', name: 'jquery' }, requested: '', path: '/', mode: 'listing' });
  assert.deepEqual(parseNpmPath('jquery@3/dist/'), { ref: { type: 'npm', name: 'jquery' }, requested: '3', path: '/dist/', mode: 'listing' });
  assert.deepEqual(parseNpmPath('jquery@%5E3.0.0/+private-json').mode, 'private-json');
  assert.equal(parseNpmPath('jquery@%5E3.0.0/x.js').requested, '^3.0.0');
  assert.equal(parseNpmPath('jquery@3//dist/./a.js').path, '/dist/a.js');
  assert.equal(parseNpmPath('jquery@3/dist/a%20b.js').path, '/dist/a b.js');
});

test('gh URLs', () => {
  assert.deepEqual(parseGhPath('twbs/bootstrap@v5.3.0/dist/css/bootstrap.css'), {
    ref: { type: 'gh', name: 'twbs/bootstrap' },
    requested: 'v5.3.0',
    path: '/dist/css/bootstrap.css',
    mode: 'file',
  });
  assert.deepEqual(parseGhPath('user/repo.js/'), { ref: { type: 'gh', name: 'user/repo.js' }, requested: '', path: '/', mode: 'listing' });
});

test('traversal, encoded separators and control characters are refused in the raw form', () => {
  for (const raw of ['x@1/../../etc/passwd', 'x@1/a/%2e%2e/b', 'x@1/%2E%2E', 'x@1/a%2fb', 'x@1/a%5cb', 'x@1/a\\b', 'x@1/a%00b', 'x@1/%ZZ']) {
    assert.match(
      badRequest(() => parseNpmPath(raw)),
      /^Invalid file path/,
      raw,
    );
  }
  assert.match(
    badRequest(() => parseGhPath('u/r@1/../x')),
    /^Invalid file path/,
  );
});

test('names and versions are validated', () => {
  assert.match(
    badRequest(() => parseNpmPath('')),
    /package name is required/,
  );
  assert.match(
    badRequest(() => parseNpmPath('Bad%20Name@1/x.js')),
    /^Invalid package name "Bad Name"/,
  );
  assert.match(
    badRequest(() => parseNpmPath('@scope')),
    /package name is required/,
  );
  assert.match(
    badRequest(() => parseNpmPath('x@/a.js')),
    /^Invalid version/,
  );
  assert.match(
    badRequest(() => parseNpmPath('x@1;rm/a.js')),
    /^Invalid version/,
  );
  assert.match(
    badRequest(() => parseGhPath('-user/repo')),
    /^Invalid GitHub user/,
  );
  assert.match(
    badRequest(() => parseGhPath('user/re%20po')),
    /^Invalid GitHub repository/,
  );
});

test('combine parts', () => {
  const combined = parseCombinePath('npm/a@1/x.min.js,gh/u/r@2/y.js', 50);
  assert.deepEqual(
    combined.parts.map((p) => [p.ref.type, p.ref.name, p.requested, p.path]),
    [
      ['npm', 'a', '1', '/x.min.js'],
      ['gh', 'u/r', '2', '/y.js'],
    ],
  );
  const defaults = parseCombinePath('npm/jquery@3,gh/u/r@2,npm/b@4/dist/b.js', 50);
  assert.deepEqual(
    defaults.parts.map((p) => [p.ref.name, p.mode, p.path]),
    [
      ['jquery', 'default', ''],
      ['u/r', 'default', ''],
      ['b', 'file', '/dist/b.js'],
    ],
  );
  assert.match(
    badRequest(() => parseCombinePath(Array(51).fill('npm/a@1/x.js').join(','), 50)),
    /at most 50/,
  );
  assert.match(
    badRequest(() => parseCombinePath('npm/a@1/', 50)),
    /must name a file/,
  );
  assert.match(
    badRequest(() => parseCombinePath('cdn/a@1/x.js', 50)),
    /must start with npm\/ or gh\//,
  );
});

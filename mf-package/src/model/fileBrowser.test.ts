import type { FileTreeEntry } from '@skylift/shared';
import { breadcrumbs, entriesAt, entryPath, validPath, visibleEntries } from './fileBrowser';
import { readPageQuery, writePageQuery } from './pageQuery';
import { pickPageVersion } from './pageVersion';

const file = (name: string): FileTreeEntry => ({ type: 'file', name, hash: 'h', size: 1 });
const tree: FileTreeEntry[] = [
  file('b.js'),
  { type: 'directory', name: 'dist', files: [{ type: 'directory', name: 'esm', files: [file('x.js')] }, file('a.js')] },
  file('a.js'),
];

test('directories come first, then files, by name', () => {
  expect(entriesAt(tree, [])?.map((e) => e.name)).toEqual(['dist', 'a.js', 'b.js']);
  expect(entriesAt(tree, ['dist'])?.map((e) => e.name)).toEqual(['esm', 'a.js']);
});

test('a path that names no directory resets to the root', () => {
  expect(validPath(tree, ['dist', 'esm'])).toEqual(['dist', 'esm']);
  expect(validPath(tree, ['nope'])).toEqual([]);
  expect(validPath(tree, ['a.js'])).toEqual([]);
});

test('breadcrumbs lead to each level of the stack', () => {
  expect(breadcrumbs('lib', ['dist', 'esm'])).toEqual([
    { label: 'lib', path: [] },
    { label: 'dist', path: ['dist'] },
    { label: 'esm', path: ['dist', 'esm'] },
  ]);
  expect(entryPath(['dist', 'esm'], 'x.js')).toBe('/dist/esm/x.js');
});

test('only the first 10 entries show until all are asked for', () => {
  const many = Array.from({ length: 13 }, (_, i) => i);
  expect(visibleEntries(many, false)).toHaveLength(10);
  expect(visibleEntries(many, true)).toHaveLength(13);
});

test('query parameters: readme is the default tab and is left out of the address', () => {
  expect(readPageQuery(new URLSearchParams(''))).toEqual({ tab: 'readme', version: null, path: [], slide: 'package' });
  expect(readPageQuery(new URLSearchParams('tab=files&path=dist/esm&version=1.0.0&slide=collection'))).toEqual({
    tab: 'files',
    version: '1.0.0',
    path: ['dist', 'esm'],
    slide: 'collection',
  });
  expect(readPageQuery(new URLSearchParams('tab=bogus')).tab).toBe('readme');
  expect(writePageQuery(new URLSearchParams('tab=files&path=dist'), { tab: 'readme', path: [] }).toString()).toBe('');
  expect(writePageQuery(new URLSearchParams(''), { tab: 'files', path: ['a', 'b'] }).toString()).toBe('tab=files&path=a%2Fb');
});

test('the page version: the address, then the latest tag, then the first version', () => {
  const versions = ['2.0.0', '1.1.0', '1.0.0'];
  expect(pickPageVersion(versions, { latest: '1.1.0' }, '1.0.0')).toBe('1.0.0');
  expect(pickPageVersion(versions, { latest: '1.1.0' }, null)).toBe('1.1.0');
  expect(pickPageVersion(versions, {}, null)).toBe('2.0.0');
  expect(pickPageVersion(versions, { latest: '1.1.0' }, '9.9.9')).toBe('2.0.0');
  expect(pickPageVersion([], {}, null)).toBeNull();
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commonPositions, NameIndex } from './nameIndex.ts';
import { rankKeysOf, type RankKeys } from './rankKeys.ts';

function keys(rows: Array<[name: string, popularity: number, deprecated?: boolean]>): Map<number, RankKeys> {
  return new Map(
    rows.map(([name, popularity, deprecated = false], at) => [
      at + 1,
      rankKeysOf({ id: at + 1, name, nameNorm: name.replace(/[^a-z0-9]/g, ''), popularity, deprecated: deprecated ? 1 : 0 }),
    ]),
  );
}

test('name words: ranges by prefix, each package once and best first, the walk in order, stale packages left out', () => {
  const all = keys([
    ['react', 5],
    ['react-dom', 4],
    ['preact', 3],
    ['reactive', 6],
    ['read', 2],
    ['react-old', 9, true],
    ['vue', 1],
  ]);
  const names = new NameIndex(all, (entry) => entry.popularity);
  assert.equal(names.size, 6, 'deprecated packages are left out');
  const seen = (ranges: Array<[number, number]>): string[] => {
    const out: string[] = [];
    names.visit(ranges, (id) => void out.push(all.get(id)!.nameNorm));
    return out;
  };
  // react-dom holds `react` and `reactdom`: it comes once.
  assert.deepEqual(seen([names.range('rea', true)]), ['reactive', 'react', 'reactdom', 'read']);
  assert.deepEqual(seen([names.range('react', false)]), ['react', 'reactdom']);
  assert.deepEqual(seen([names.range('reactx', true)]), []);
  assert.equal(names.volume(names.range('react', true)), 4, 'react, react (of react-dom), reactdom, reactive');
  const walked: string[] = [];
  assert.equal(
    names.walk((id) => {
      walked.push(all.get(id)!.nameNorm);
      return walked.length === 3;
    }, 100),
    'stopped',
  );
  assert.deepEqual(walked, ['reactive', 'react', 'reactdom']);
  assert.equal(
    names.walk(() => false, 3),
    'limit',
  );
  const browsed: string[] = [];
  assert.equal(
    names.walk((id) => void browsed.push(all.get(id)!.nameNorm), 100, 'browse'),
    'exhausted',
  );
  assert.deepEqual(browsed, ['reactive', 'react', 'reactdom', 'preact', 'read', 'vue', 'reactold']);
  names.stale.add(1);
  assert.deepEqual(seen([names.range('react', false)]), ['reactdom']);
});

test('names holding several words: the sorted lists of positions merged, each package once and best first', () => {
  const all = keys([
    ['react-dom', 4],
    ['react-domain', 7],
    ['dom-domain-react', 2],
    ['preact-dom', 9],
    ['react', 5],
    ['dom', 8],
  ]);
  const names = new NameIndex(all, (entry) => entry.popularity);
  const both = commonPositions(names.positions([names.range('react', false)]), names.positions([names.range('dom', true)]));
  const out: string[] = [];
  names.visitPositions(both, (id) => void out.push(all.get(id)!.nameNorm));
  // dom-domain-react holds two words starting with `dom`: it comes once.
  assert.deepEqual(out, ['reactdomain', 'reactdom', 'domdomainreact']);
  assert.deepEqual([...commonPositions(Int32Array.of(1, 3, 3, 5), Int32Array.of(3, 4, 5, 6))], [3, 5]);
  assert.deepEqual([...commonPositions(Int32Array.of(), Int32Array.of(1))], []);
});

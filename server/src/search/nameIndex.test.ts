import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NameIndex } from './nameIndex.ts';
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

test('names holding every word: each package once, best first, whatever the order of the words', () => {
  const all = keys([
    ['react-dom', 4],
    ['react-domain', 7],
    ['dom-domain-react', 2],
    ['preact-dom', 9],
    ['react', 5],
    ['dom', 8],
    ['dom-react-router', 3],
  ]);
  const names = new NameIndex(all, (entry) => entry.popularity);
  const holding = (slots: Array<[string, boolean][]>, markLimit = 1_000): string[] => {
    const out: string[] = [];
    const ranges = slots.map((spellings) => spellings.map(([spelling, prefix]) => names.range(spelling, prefix)));
    names.visitPositions(names.holdingEvery(ranges, markLimit), (id) => void out.push(all.get(id)!.nameNorm));
    return out;
  };
  // dom-domain-react holds two words starting with `dom`: it comes once.
  assert.deepEqual(holding([[['react', false]], [['dom', true]]]), ['reactdomain', 'reactdom', 'domreactrouter', 'domdomainreact']);
  assert.deepEqual(holding([[['dom', true]], [['react', false]]]), ['reactdomain', 'reactdom', 'domreactrouter', 'domdomainreact']);
  assert.deepEqual(holding([[['react', false]], [['dom', false]], [['router', true]]]), ['domreactrouter']);
  // A word's spellings are alternatives.
  assert.deepEqual(
    holding([
      [
        ['preact', false],
        ['react', false],
      ],
      [['dom', false]],
    ]),
    ['preactdom', 'reactdom', 'domreactrouter', 'domdomainreact'],
  );
  // A slot over the limit is left to the caller: the rarest word's names are all returned.
  assert.deepEqual(holding([[['router', false]], [['dom', true]]], 0), ['domreactrouter']);
  assert.deepEqual(holding([[['router', false]], [['preact', false]]], 0), ['domreactrouter']);
  assert.deepEqual(holding([[['router', false]], [['preact', false]]]), []);
  // The marks are cleared between calls.
  assert.deepEqual(holding([[['react', false]], [['dom', true]]]), ['reactdomain', 'reactdom', 'domreactrouter', 'domdomainreact']);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { TextIndex } from './textIndex.ts';

const TEXTS: Array<[number, string]> = [
  [1, 'react react A declarative library for building user interfaces'],
  [2, 'react-dom react dom reactdom React package for working with the DOM'],
  [3, 'preact Fast 3kb React-compatible Virtual DOM library'],
  [5, 'vue The progressive JavaScript framework'],
  [8, 'café Un café crème, a parser for menus'],
  [9, 'reactive Reactive streams a a a'],
];

function index(): TextIndex {
  return new TextIndex(TEXTS);
}

test('every word in any column, the last also as a prefix from two letters, each package once and in id order', () => {
  const text = index();
  assert.deepEqual(text.matching([['react']]), [1, 2, 3, 9], 'react as typed and as a prefix (reactdom, reactive)');
  assert.deepEqual(text.matching([['react'], ['dom']]), [2, 3]);
  assert.deepEqual(text.matching([['dom'], ['react']]), [2, 3]);
  assert.deepEqual(text.matching([['reactive'], ['a']]), [9], 'the last word is a prefix, the others whole words');
  assert.deepEqual(text.matching([['reac'], ['a']]), []);
  assert.deepEqual(text.matching([['library'], ['react']]), [1, 3]);
  assert.deepEqual(text.matching([['a']]), [1, 8, 9], 'a one-letter last word is a whole word');
  assert.deepEqual(
    text.matching([
      ['vue', 'preact'],
      ['dom', 'framework'],
    ]),
    [3, 5],
    'alternatives of each word',
  );
  assert.deepEqual(text.matching([['cafe'], ['creme']]), [8], 'accents folded as the tokenizer folds them');
  assert.deepEqual(text.matching([['react'], ['zzz']]), []);
  assert.deepEqual(text.matching([['nothing']]), []);
  assert.equal(text.frequency('react', false), 3);
  assert.equal(text.frequency('react', true), 5, 'summed over react, reactdom, reactive');
  assert.equal(text.documents, 6);
});

test('changed packages: old words no longer match, the current ones do, a removed package is gone; merging changes nothing', () => {
  const text = index();
  text.changed(1);
  text.changed(5);
  text.changed(12);
  assert.throws(() => text.matching([['react']]), /not known/, 'a changed text must be read before a query');
  assert.deepEqual(
    text.unknownStale().sort((x, y) => x - y),
    [1, 5, 12],
  );
  text.learn(1, 'react A library for building interfaces on the web');
  text.learn(5, undefined);
  text.learn(12, 'solid-js reactive Declarative JavaScript library');
  text.changed(9);
  text.learn(9, 'reactive Reactive streams, now with a dom');
  const queries: string[][][] = [[['react']], [['declarative']], [['vue']], [['library']], [['reactive'], ['dom']], [['web']], [['a']], [['javascript']]];
  const answers = queries.map((slots) => text.matching(slots));
  assert.deepEqual(answers, [[1, 2, 3, 9, 12], [12], [], [1, 3, 12], [9], [1], [1, 8, 9], [12]]);
  assert.equal(text.documents, 6, 'one removed, one added');
  const averageBefore = text.averageLength;
  text.compact();
  assert.equal(text.staleCount, 0);
  assert.deepEqual(
    queries.map((slots) => text.matching(slots)),
    answers,
  );
  assert.equal(text.averageLength, averageBefore);
  assert.equal(text.frequency('vue', false), 0);
  assert.equal(text.frequency('declarative', false), 1, 'package 12 added, package 1 no longer');
  // Changed again after merging: the merged lists are patched like the first ones.
  text.changed(12);
  text.learn(12, 'solid-js');
  assert.deepEqual(text.matching([['declarative']]), []);
});

test('the same matches as the full-text index over generated texts', () => {
  const db = new Database(':memory:');
  db.exec("CREATE VIRTUAL TABLE t USING fts5 (name, description, tokenize = 'unicode61', prefix = '2 3')");
  const vocabulary = ['react', 'reactive', 'dom', 'parser', 'pars', 'json', 'fast', 'a', 'b', 'café', 'naïve', 'über', 'x1', 'x10'];
  let seed = 7;
  // A small seeded generator (mulberry32): the same texts on every run.
  const random = (n: number): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const rows: Array<[number, string]> = [];
  const insert = db.prepare('INSERT INTO t (rowid, name, description) VALUES (?, ?, ?)');
  for (let id = 1; id <= 3_000; id++) {
    const words = Array.from({ length: 1 + random(8) }, () => vocabulary[random(vocabulary.length)]!);
    // Every package holds `pkg`: a long list, searched rather than read for the few holding the rarer words.
    const name = `pkg-${words[0]}-${vocabulary[random(vocabulary.length)]}`;
    const description = `${words.slice(1).join(random(2) ? ' ' : ', ')}.`;
    insert.run(id, name, description);
    rows.push([id, `${name} ${description}`]);
  }
  const text = new TextIndex(rows);
  const match = db.prepare<[string], number>('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid').pluck();
  const queries = [
    [['react']],
    [['re']],
    [['react'], ['pa']],
    [['json'], ['fast'], ['x1']],
    [['cafe'], ['naive']],
    [['uber', 'dom'], ['a']],
    [['b'], ['react', 'json']],
    [['pkg'], ['cafe'], ['naive'], ['uber']],
    [['naive'], ['uber'], ['pkg']],
  ];
  for (const slots of queries) {
    const expression = slots
      .map((spellings, at) => `(${spellings.map((spelling) => `"${spelling}"${at === slots.length - 1 && spelling.length >= 2 ? '*' : ''}`).join(' OR ')})`)
      .join(' AND ');
    const expected = match.all(expression);
    assert.ok(expected.length > 0, `${expression} matches something`);
    assert.deepEqual(text.matching(slots), expected, expression);
  }
  db.close();
});

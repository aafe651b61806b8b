import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { SearchIndex } from './index.ts';
import type { SearchRecord } from './record.ts';

function record(name: string, downloads: number, fields: Partial<SearchRecord> = {}): SearchRecord {
  return {
    objectID: name,
    name,
    description: '',
    version: '1.0.0',
    license: 'MIT',
    homepage: null,
    keywords: [],
    owner: { name: 'someone', avatar: '', link: '' },
    githubRepo: null,
    deprecated: false,
    popular: false,
    moduleTypes: ['esm'],
    styleTypes: ['none'],
    jsDelivrHits: 0,
    downloads,
    ...fields,
  };
}

test('with many name matches, the page and the hit count are those of every match', () => {
  const index = new SearchIndex(':memory:');
  try {
    index.transaction(() => {
      // More name matches than a page and the re-ranked pool together, some deprecated, some far more used
      // than the rest; and packages that only mention the word, more used than any of them.
      for (let n = 0; n < 80; n++) index.upsert(record(`gadget-${n}`, 1000 + n, n % 10 === 0 ? { deprecated: 'use gadget-1' } : {}), 'document');
      index.upsert(record('gadget', 5, { deprecated: 'renamed' }), 'document');
      for (let n = 0; n < 30; n++) index.upsert(record(`tool-${n}`, 1e9, { description: `works with every gadget, ${n}` }), 'document');
    });
    const first = index.search({ query: 'gadget', page: 0, hitsPerPage: 10, facetFilters: [] });
    assert.equal(first.nbHits, 111, 'name and description matches are all counted');
    // The exact name first even though deprecated; then live name matches, the most used first.
    assert.deepEqual(
      first.records.map((r) => r.name),
      ['gadget', 'gadget-79', 'gadget-78', 'gadget-77', 'gadget-76', 'gadget-75', 'gadget-74', 'gadget-73', 'gadget-72', 'gadget-71'],
    );
    // Past the 72 live name matches come the description matches (not deprecated), then deprecated names.
    const tenth = index.search({ query: 'gadget', page: 10, hitsPerPage: 10, facetFilters: [] }).records.map((r) => r.name);
    assert.deepEqual(
      tenth.slice(0, 3).map((name) => name.replace(/\d+$/, '')),
      ['tool-', 'tool-', 'tool-'],
    );
    assert.deepEqual(tenth.slice(3), ['gadget-70', 'gadget-60', 'gadget-50', 'gadget-40', 'gadget-30', 'gadget-20', 'gadget-10']);
    assert.deepEqual(
      index.search({ query: 'gadget', page: 11, hitsPerPage: 10, facetFilters: [] }).records.map((r) => r.name),
      ['gadget-0'],
    );
  } finally {
    index.close();
  }
});

/** A writing and a reading connection to one index file in a temporary folder, closed and removed afterwards. */
function withWriterAndReader(fill: (writer: SearchIndex) => void, use: (writer: SearchIndex, reader: SearchIndex) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
  const file = path.join(dir, 'search.sqlite');
  const writer = new SearchIndex(file);
  try {
    writer.transaction(() => fill(writer));
    const reader = new SearchIndex(file, { reader: true });
    try {
      use(writer, reader);
    } finally {
      reader.close();
    }
  } finally {
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("a reading connection follows another connection's writes: new, changed and removed packages", () => {
  withWriterAndReader(
    (writer) => {
      for (let n = 0; n < 100; n++) writer.upsert(record(`lamp-${n}`, 100 + n), 'document');
    },
    (writer, reader) => {
      const top = (): string[] => reader.search({ query: 'lamp', page: 0, hitsPerPage: 3, facetFilters: [] }).records.map((r) => r.name);
      assert.deepEqual(top(), ['lamp-99', 'lamp-98', 'lamp-97']);
      writer.transaction(() => {
        writer.upsert(record('lamp-5', 10_000), 'document');
        writer.upsert(record('lamp-shade', 5_000), 'document');
        writer.remove('lamp-99');
      });
      assert.deepEqual(top(), ['lamp-5', 'lamp-shade', 'lamp-98']);
      assert.equal(reader.search({ query: 'lamp', page: 0, hitsPerPage: 3, facetFilters: [] }).nbHits, 100);
      assert.throws(() => reader.upsert(record('lamp-x', 1), 'document'), /readonly|query_only|attempt to write/i);
    },
  );
});

test("a reading connection finds packages by their current text after another connection's writes", () => {
  withWriterAndReader(
    (writer) => {
      // Enough packages for a few changes to be applied one by one (rather than everything read again).
      for (let n = 0; n < 100; n++) writer.upsert(record(`lamp-${n}`, 100 + n, { description: n < 5 ? 'a brass lamp' : 'a glass lamp' }), 'document');
    },
    (writer, reader) => {
      const found = (query: string): { names: string[]; nbHits: number } => {
        const result = reader.search({ query, page: 0, hitsPerPage: 20, facetFilters: [] });
        return { names: result.records.map((r) => r.name).sort(), nbHits: result.nbHits };
      };
      assert.deepEqual(found('brass').names, ['lamp-0', 'lamp-1', 'lamp-2', 'lamp-3', 'lamp-4']);
      writer.transaction(() => {
        writer.upsert(record('lamp-1', 101, { description: 'a glass lamp' }), 'document');
        writer.upsert(record('lamp-7', 107, { description: 'a brass lamp, polished' }), 'document');
        writer.upsert(record('knob', 5, { description: 'brass fittings', keywords: ['door'] }), 'document');
        writer.remove('lamp-3');
      });
      assert.deepEqual(found('brass'), { names: ['knob', 'lamp-0', 'lamp-2', 'lamp-4', 'lamp-7'], nbHits: 5 });
      assert.deepEqual(found('brass fit').names, ['knob']);
      assert.deepEqual(found('polished brass').names, ['lamp-7']);
      assert.deepEqual(found('door').names, ['knob']);
      assert.equal(found('glass').nbHits, 95, 'lamp-1 gained it, lamp-7 lost it');
    },
  );
});

test('many changed packages are merged into the words in memory by the upkeep between calls, answers unchanged', () => {
  const index = new SearchIndex(':memory:');
  try {
    index.transaction(() => {
      for (let n = 0; n < 100; n++) index.upsert(record(`bell-${n}`, n, { description: 'a brass bell' }), 'document');
    });
    assert.equal(index.search({ query: 'brass', page: 0, hitsPerPage: 5, facetFilters: [] }).nbHits, 100);
    index.transaction(() => {
      for (let n = 0; n < 10_050; n++) index.upsert(record(`horn-${n}`, n, { description: n % 2 ? 'a brass horn' : 'a tin horn' }), 'document');
      index.remove('bell-0');
    });
    const before = index.search({ query: 'brass horn', page: 0, hitsPerPage: 5, facetFilters: [] });
    assert.equal(before.nbHits, 5_025);
    assert.equal(index.upkeepDue(), true, 'more changed packages than are read apart');
    index.upkeep();
    assert.equal(index.upkeepDue(), false);
    const after = index.search({ query: 'brass horn', page: 0, hitsPerPage: 5, facetFilters: [] });
    assert.deepEqual(after, before);
    assert.equal(index.search({ query: 'brass', page: 0, hitsPerPage: 5, facetFilters: [] }).nbHits, 5_124);
    assert.equal(index.search({ query: 'tin', page: 0, hitsPerPage: 5, facetFilters: [] }).nbHits, 5_025);
  } finally {
    index.close();
  }
});

test('a word in thousands of names: the page ranked as over every match, the count estimated and said so', () => {
  const index = new SearchIndex(':memory:', { exactCountVolume: 2_000 });
  try {
    index.transaction(() => {
      for (let n = 0; n < 2500; n++) index.upsert(record(`widget-${n}`, 1000 + n), 'document');
      // Names merely starting with the word, far more used: they come after every whole-word name.
      for (let n = 0; n < 20; n++) index.upsert(record(`widgetry-${n}`, 1e8 + n), 'document');
      // Deprecated names and description matches, the most used of all, come after every live name.
      for (let n = 0; n < 20; n++) index.upsert(record(`widget-old-${n}`, 1e9, { deprecated: 'gone' }), 'document');
      for (let n = 0; n < 300; n++) index.upsert(record(`gizmo-${n}`, 1e9 + n, { description: 'a widget for everyone' }), 'document');
      index.upsert(record('widget', 3), 'document');
    });
    const search = (query: string, page: number) => index.search({ query, page, hitsPerPage: 10, facetFilters: [] });
    const first = search('widget', 0);
    assert.deepEqual(
      first.records.map((r) => r.name),
      ['widget', 'widget-2499', 'widget-2498', 'widget-2497', 'widget-2496', 'widget-2495', 'widget-2494', 'widget-2493', 'widget-2492', 'widget-2491'],
    );
    assert.deepEqual(
      search('widget', 20).records.map((r) => r.name),
      Array.from({ length: 10 }, (_, i) => `widget-${2300 - i}`),
    );
    // More entries than are counted exactly: an estimate, never below what matches.
    assert.equal(first.exhaustive, false);
    assert.ok(first.nbHits >= 2841, String(first.nbHits));
    // While typing: whole-word names first, then those starting with it, the most used first.
    assert.deepEqual(
      search('widg', 0).records.map((r) => r.name),
      ['widgetry-19', 'widgetry-18', 'widgetry-17', 'widgetry-16', 'widgetry-15', 'widgetry-14', 'widgetry-13', 'widgetry-12', 'widgetry-11', 'widgetry-10'],
    );
    // A filter keeping few packages: they alone are tested, and counted exactly.
    const few = index.search({ query: 'widget', page: 0, hitsPerPage: 10, facetFilters: [[{ attribute: 'name', value: 'widget-7', negated: false }]] });
    assert.deepEqual(
      few.records.map((r) => r.name),
      ['widget-7'],
    );
    assert.equal(few.nbHits, 1);
    assert.equal(few.exhaustive, true);
    // The empty query with a negated filter, in the order of the most used.
    const browse = index.search({ query: '', page: 1, hitsPerPage: 5, facetFilters: [[{ attribute: 'deprecated', value: 'true', negated: true }]] });
    assert.deepEqual(
      browse.records.map((r) => r.name),
      ['gizmo-294', 'gizmo-293', 'gizmo-292', 'gizmo-291', 'gizmo-290'],
    );
    assert.equal(browse.nbHits, 2821);
  } finally {
    index.close();
  }
});

test('an index file whose full-text table has other prefix lengths is rebuilt at start-up and answers as before', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
  const file = path.join(dir, 'search.sqlite');
  try {
    const search = (index: SearchIndex, query: string) => {
      const result = index.search({ query, page: 0, hitsPerPage: 5, facetFilters: [] });
      return { names: result.records.map((r) => r.name), nbHits: result.nbHits };
    };
    const queries = ['lamp', 'shade lamp', 'lamp shad', 'brass', 'brass lamps', 'kitchen'];
    const written = new SearchIndex(file);
    written.transaction(() => {
      for (let n = 0; n < 40; n++)
        written.upsert(record(`lamp-${n}`, 100 + n, { description: n % 3 ? 'a brass lamp for the kitchen' : 'lamps of glass' }), 'document');
      written.upsert(record('lamp-shade', 5_000, { keywords: ['shades', 'lighting'] }), 'document');
      written.upsert(record('shady-lamp', 50, { description: 'for brass lamps' }), 'document');
      written.upsert(record('gone', 1, { description: 'brass' }), 'document');
    });
    written.remove('gone');
    const expected = queries.map((query) => search(written, query));
    written.close();

    // The same file as written before longer prefixes were indexed, with a rebuild left unfinished.
    const old = new Database(file);
    old.exec(`
      CREATE VIRTUAL TABLE old_fts USING fts5 (name, description, keywords, owner, tokenize = 'unicode61', prefix = '2 3');
      INSERT INTO old_fts (rowid, name, description, keywords, owner) SELECT rowid, name, description, keywords, owner FROM packages_fts;
      DROP TABLE packages_fts;
      ALTER TABLE old_fts RENAME TO packages_fts;
      CREATE VIRTUAL TABLE packages_fts_rebuilt USING fts5 (name, tokenize = 'unicode61');
      INSERT INTO packages_fts_rebuilt (rowid, name) VALUES (1, 'left over');
    `);
    old.close();

    const messages: string[] = [];
    const index = new SearchIndex(file, { progress: (message) => messages.push(message) });
    try {
      const definition = index.db.prepare<[], string>("SELECT sql FROM sqlite_master WHERE name = 'packages_fts'").pluck().get()!;
      assert.match(definition, /prefix = '2 3 4 5 6 7 8'/);
      assert.equal(index.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'packages_fts_rebuilt'").pluck().get(), 0);
      assert.match(messages[0]!, /rebuilding the full-text index of 42 packages with prefix lengths 2 3 4 5 6 7 8 \(was 2 3\)/);
      assert.match(messages.at(-1)!, /rebuilt in \d+ s/);
      assert.deepEqual(
        queries.map((query) => search(index, query)),
        expected,
      );
      assert.equal(index.db.prepare("SELECT count(*) FROM packages_fts WHERE packages_fts MATCH 'lamp*'").pluck().get(), 42);
      // New writes land in the rebuilt table, and a reading connection sees them.
      index.transaction(() => index.upsert(record('brassware', 1e6), 'document'));
      const reader = new SearchIndex(file, { reader: true });
      try {
        assert.deepEqual(search(reader, 'brass').names.slice(0, 1), ['brassware']);
      } finally {
        reader.close();
      }
    } finally {
      index.close();
    }
    // Opened again, nothing is rebuilt.
    const again: string[] = [];
    new SearchIndex(file, { progress: (message) => again.push(message) }).close();
    assert.deepEqual(again, []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Names of a page of results. */
function page(index: SearchIndex, query: string, pageNumber = 0): { names: string[]; nbHits: number; exhaustive: boolean } {
  const result = index.search({ query, page: pageNumber, hitsPerPage: 10, facetFilters: [] });
  return { names: result.records.map((r) => r.name), nbHits: result.nbHits, exhaustive: result.exhaustive };
}

test('common words are ranked from the popular packages when no less used match could reach the page', () => {
  // The 60 most used packages go to the popular table, filled once the index has grown (checked every 10,000 writes).
  const index = new SearchIndex(':memory:', { popularSize: 60 });
  try {
    index.transaction(() => {
      // Enough packages mentioning both words for them to be common (over 50,000): the popular table is read first.
      for (let n = 0; n < 50_100; n++) index.upsert(record(`thing-${n}`, n < 60 ? 1_000 + n : n % 50, { description: 'a brass lamp' }), 'document');
      // A name holding both words outranks any description match however little it is used.
      index.upsert(record('brass-lamp-kit', 0), 'document');
    });
    const first = page(index, 'brass lamp');
    assert.deepEqual(first.names, [
      'brass-lamp-kit',
      'thing-59',
      'thing-58',
      'thing-57',
      'thing-56',
      'thing-55',
      'thing-54',
      'thing-53',
      'thing-52',
      'thing-51',
    ]);
    // The matches outside the popular table were not read: their count is an estimate, at least every match found.
    assert.equal(first.exhaustive, false);
    assert.ok(first.nbHits >= 61, `${first.nbHits}`);
    // A package written since, used more than any: in the popular table, and in its words in memory.
    index.upsert(record('thing-new', 1e6, { description: 'a lamp of brass' }), 'document');
    index.upsert(record('thing-58', 58, { description: 'a copper lamp' }), 'document');
    assert.deepEqual(page(index, 'brass lamp').names.slice(0, 5), ['brass-lamp-kit', 'thing-new', 'thing-59', 'thing-57', 'thing-56']);
    index.remove('thing-new');
    index.upsert(record('thing-58', 1_058, { description: 'a brass lamp' }), 'document');
    // Page six needs the less used matches: every match is ranked and counted.
    const sixth = page(index, 'brass lamp', 6);
    assert.equal(sixth.exhaustive, true);
    assert.equal(sixth.nbHits, 50_101);
    assert.deepEqual(sixth.names.slice(0, 2), ['thing-0', 'thing-99']);
  } finally {
    index.close();
  }
});

test('the popular table follows downloads, hits and removals, and is filled for an index file written before it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-popular-'));
  const file = path.join(dir, 'search.sqlite');
  const popular = (index: SearchIndex): string[] =>
    index.db.prepare<[], string>('SELECT p.name FROM popular_fts f JOIN packages p ON p.id = f.rowid ORDER BY p.name').pluck().all();
  try {
    const created = new SearchIndex(file, { popularSize: 1 });
    created.transaction(() => {
      created.upsert(record('used', 500, { description: 'brass' }), 'document');
      created.upsert(record('unused', 3, { description: 'brass' }), 'document');
      created.upsert(record('leaving', 5_000), 'document');
    });
    // Three writes are too few for a check: the table is filled when the index is opened next.
    assert.deepEqual(popular(created), []);
    created.close();
    const messages: string[] = [];
    const written = new SearchIndex(file, { popularSize: 1, progress: (message) => messages.push(message) });
    assert.deepEqual(popular(written), ['leaving']);
    assert.match(messages[0]!, /the 1 most used of 3 packages copied to their own full-text table/);
    // Hits from our statistics lift a package into it; losing its downloads or being removed takes one out.
    written.setHits(new Map([['unused', 20_000]]));
    written.transaction(() => written.upsert(record('used', 10, { description: 'brass' }), 'document'));
    written.remove('leaving');
    assert.deepEqual(popular(written), ['unused']);
    assert.equal(written.db.prepare("SELECT count(*) FROM popular_fts WHERE popular_fts MATCH 'brass'").pluck().get(), 1);
    written.close();

    // The same file as written before the popular table existed.
    const old = new Database(file);
    old.exec("DROP TABLE popular_fts; DELETE FROM meta WHERE key = 'popular_fts'");
    old.close();
    const index = new SearchIndex(file, { popularSize: 1 });
    try {
      assert.deepEqual(popular(index), ['unused']);
    } finally {
      index.close();
    }
    // Opened again, nothing is filled again.
    const again: string[] = [];
    new SearchIndex(file, { popularSize: 1, progress: (message) => again.push(message) }).close();
    assert.deepEqual(again, []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a common word with a rare one: exactly the packages holding both, the last word as a prefix', () => {
  const index = new SearchIndex(':memory:');
  try {
    index.transaction(() => {
      // `common` is in over 50,000 packages: it is tested on the text of the few holding `zebra`.
      for (let n = 0; n < 50_100; n++) index.upsert(record(`filler-${n}`, n, { description: 'a common thing' }), 'document');
      for (let n = 0; n < 30; n++) index.upsert(record(`striped-${n}`, 100 + n, { description: 'common', keywords: ['zebra'] }), 'document');
      index.upsert(record('zebra-only', 1e6, { description: 'no other word' }), 'document');
      index.upsert(record('commonplace-zebra', 5), 'document');
      index.upsert(record('accents', 7, { description: 'Zébra COMMON' }), 'document');
    });
    const fullText = (expression: string): number =>
      index.db.prepare<[string], number>('SELECT count(*) FROM packages_fts WHERE packages_fts MATCH ?').pluck().get(expression)!;
    const both = page(index, 'common zebra');
    assert.equal(both.nbHits, 31);
    assert.equal(both.nbHits, fullText('"common" AND "zebra"*'));
    assert.equal(both.exhaustive, true);
    assert.deepEqual(both.names.slice(0, 3), ['striped-29', 'striped-28', 'striped-27']);
    // Folded as the full-text index folds: Zébra is zebra.
    assert.ok([0, 1, 2, 3].some((n) => page(index, 'common zebra', n).names.includes('accents')));
    // Typed last, `common` is a prefix: commonplace counts too.
    const prefixed = page(index, 'zebra common');
    assert.equal(prefixed.nbHits, 32);
    assert.equal(prefixed.nbHits, fullText('"zebra" AND "common"*'));
    assert.equal(page(index, 'zebra quagga').nbHits, 0);
  } finally {
    index.close();
  }
});

test('a second process opening the index while another writes leaves the full-text upkeep for later instead of failing', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-upkeep-busy-'));
  const file = path.join(dir, 'search.sqlite');
  try {
    const first = new SearchIndex(file, { popularSize: 1 });
    first.transaction(() => {
      first.upsert(record('lamp', 500, { description: 'brass' }), 'document');
      first.upsert(record('shade', 50), 'document');
    });
    first.close();
    // Another process holds the write lock while this one finds the popular table due (written before it).
    const other = new Database(file);
    other.exec("DELETE FROM meta WHERE key = 'popular_fts'");
    other.exec('BEGIN IMMEDIATE');
    const messages: string[] = [];
    const index = new SearchIndex(file, { popularSize: 1, progress: (message) => messages.push(message) });
    try {
      assert.deepEqual(messages, ['Search index: another process is writing; the full-text upkeep is left for later']);
      other.exec('ROLLBACK');
      assert.deepEqual(
        index.search({ query: 'brass', page: 0, hitsPerPage: 10, facetFilters: [] }).records.map((r) => r.name),
        ['lamp'],
      );
    } finally {
      index.close();
      other.close();
    }
    // The next process to open it does the upkeep.
    const later = new SearchIndex(file, { popularSize: 1 });
    try {
      assert.equal(later.db.prepare('SELECT count(*) FROM popular_fts').pluck().get(), 1);
    } finally {
      later.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { selectDefaultFile } from './defaultFile.ts';

const files = (...paths: string[]) => {
  const set = new Set(paths);
  return (p: string) => set.has(p);
};

describe('default file selection', () => {
  it('takes the fields in order: jsdelivr, cdn, browser (string), main', () => {
    const all = files('/a.js', '/b.js', '/c.js', '/d.js');
    assert.equal(selectDefaultFile({ jsdelivr: 'a.js', cdn: 'b.js', browser: 'c.js', main: 'd.js' }, all), '/a.js');
    assert.equal(selectDefaultFile({ cdn: 'b.js', browser: 'c.js', main: 'd.js' }, all), '/b.js');
    assert.equal(selectDefaultFile({ browser: 'c.js', main: 'd.js' }, all), '/c.js');
    assert.equal(selectDefaultFile({ browser: { './d.js': './c.js' }, main: 'd.js' }, all), '/d.js', 'the object form of browser is a map, not a file');
  });

  it('adds .js when the field has no extension, and accepts a folder with index.js', () => {
    assert.equal(selectDefaultFile({ main: './lib/thing' }, files('/lib/thing.js')), '/lib/thing.js');
    assert.equal(selectDefaultFile({ main: 'lib' }, files('/lib/index.js')), '/lib/index.js');
  });

  it('skips a field naming a file that does not exist', () => {
    assert.equal(selectDefaultFile({ jsdelivr: 'gone.js', main: 'here.js' }, files('/here.js')), '/here.js');
  });

  it('uses an existing .min sibling', () => {
    assert.equal(selectDefaultFile({ main: 'dist/x.js' }, files('/dist/x.js', '/dist/x.min.js')), '/dist/x.min.js');
    assert.equal(selectDefaultFile({ main: 'dist/x' }, files('/dist/x.js', '/dist/x.min.js')), '/dist/x.min.js');
    assert.equal(selectDefaultFile({ main: 'dist/x.min.js' }, files('/dist/x.min.js')), '/dist/x.min.js');
    assert.equal(selectDefaultFile({ main: 'dist/x.js' }, files('/dist/x.js')), '/dist/x.js');
  });

  it('takes style for CSS packages, with its .min sibling', () => {
    assert.equal(selectDefaultFile({ style: 'dist/s.css' }, files('/dist/s.css', '/dist/s.min.css')), '/dist/s.min.css');
    assert.equal(selectDefaultFile({ style: 'dist/s' }, files('/dist/s.css')), '/dist/s.css');
  });

  it("falls back to index.js, npm's implicit main, and otherwise has no default", () => {
    assert.equal(selectDefaultFile({}, files('/index.js', '/other.js')), '/index.js');
    assert.equal(selectDefaultFile(null, files('/index.js')), '/index.js');
    assert.equal(selectDefaultFile({ name: 'x' }, files('/src/a.js')), null);
  });

  it('refuses fields that climb out of the package', () => {
    assert.equal(selectDefaultFile({ main: '../../etc/passwd' }, files('/etc/passwd')), null);
  });
});

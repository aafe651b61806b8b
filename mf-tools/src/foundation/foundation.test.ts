import { distFiles, foundationVersions } from './foundationFiles';
import { buildLinks } from './foundationLinks';
import { DEFAULT_MODAL_OPTIONS, DEFAULT_OPTIONS, setModalOption, setOption } from './options';

const file = (name: string, hash = `h-${name}`) => ({ name, hash, size: 1 });

test('only x.y.z versions above major 5 are listed, in the order given', () => {
  expect(foundationVersions(['6.8.1', '6.8.0-rc.1', '5.5.3', '6.0.0', '10.1.2', 'latest'])).toEqual(['6.8.1', '6.0.0', '10.1.2']);
});

test('dist .js and .css files, by minified name, once each, default JS and CSS first', () => {
  const files = distFiles(
    [
      file('/dist/js/plugins/foundation.core.js'),
      file('/dist/css/foundation.css'),
      file('/dist/css/foundation.min.css'),
      file('/dist/js/foundation.js'),
      file('/dist/js/foundation.min.js'),
      file('/dist/js/foundation.js.map'),
      file('/js/foundation.core.js'),
      file('/dist/css/foundation-rtl.css'),
    ],
    '6.8.1',
  );
  expect(files.map((f) => f.file)).toEqual([
    '/dist/js/foundation.min.js',
    '/dist/css/foundation.min.css',
    '/dist/js/plugins/foundation.core.min.js',
    '/dist/css/foundation-rtl.min.css',
  ]);
  // A shipped minified file keeps its own hash; a name minified on request has none to pin.
  expect(files[0]).toMatchObject({ type: 'npm', name: 'foundation-sites', version: '6.8.1', hash: 'h-/dist/js/foundation.min.js' });
  expect(files[2]!.hash).toBeNull();
});

test('script tag off turns SRI off; SRI on turns the script tag on', () => {
  expect(setOption({ ...DEFAULT_OPTIONS, tag: true, sri: true }, 'tag', false)).toMatchObject({ tag: false, sri: false });
  expect(setOption(DEFAULT_OPTIONS, 'sri', true)).toMatchObject({ tag: true, sri: true });
});

test('in the modal: group on turns SRI off, tag off turns SRI off, SRI on turns group off and tag on', () => {
  const withSri = { tag: true, sri: true, group: false };
  expect(setModalOption(withSri, 'group', true)).toEqual({ tag: true, sri: false, group: true });
  expect(setModalOption(withSri, 'tag', false)).toEqual({ tag: false, sri: false, group: false });
  expect(setModalOption({ ...DEFAULT_MODAL_OPTIONS, group: true }, 'sri', true)).toEqual({ tag: true, sri: true, group: false });
});

describe('links', () => {
  const files = distFiles(
    [file('/dist/js/foundation.min.js', 'JSHASH'), file('/dist/css/foundation.min.css', 'CSSHASH'), file('/dist/js/plugins/a.js')],
    '6.8.1',
  );
  const cdn = 'https://cdn.test';

  test('plain URLs, tags with SRI where the hash is known, combined links when grouping', () => {
    expect(buildLinks(cdn, files, '6.8.1', { tag: false, sri: false, group: false })).toEqual([
      'https://cdn.test/npm/foundation-sites@6.8.1/dist/js/foundation.min.js',
      'https://cdn.test/npm/foundation-sites@6.8.1/dist/js/plugins/a.min.js',
      'https://cdn.test/npm/foundation-sites@6.8.1/dist/css/foundation.min.css',
    ]);
    expect(buildLinks(cdn, files, '6.8.1', { tag: true, sri: true, group: false })).toEqual([
      '<script src="https://cdn.test/npm/foundation-sites@6.8.1/dist/js/foundation.min.js" integrity="sha256-JSHASH" crossorigin="anonymous"></script>',
      '<script src="https://cdn.test/npm/foundation-sites@6.8.1/dist/js/plugins/a.min.js"></script>',
      '<link rel="stylesheet" href="https://cdn.test/npm/foundation-sites@6.8.1/dist/css/foundation.min.css" integrity="sha256-CSSHASH" crossorigin="anonymous">',
    ]);
    expect(buildLinks(cdn, files, '6.8.1', { tag: false, sri: false, group: true })).toEqual([
      'https://cdn.test/combine/npm/foundation-sites@6.8.1/dist/js/foundation.min.js,npm/foundation-sites@6.8.1/dist/js/plugins/a.min.js',
      'https://cdn.test/npm/foundation-sites@6.8.1/dist/css/foundation.min.css',
    ]);
  });

  test('major-only version (no SRI then) and the +esm module import', () => {
    expect(buildLinks(cdn, files.slice(0, 1), '6.8.1', { tag: true, sri: true, group: false, majorOnly: true, esm: true })).toEqual([
      '<script src="https://cdn.test/npm/foundation-sites@6/dist/js/foundation.min.js"></script>',
      '<script type="module"> import FoundationSites from \'https://cdn.test/npm/foundation-sites@6/+esm\' </script>',
    ]);
  });
});

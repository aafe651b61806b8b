import { buildCollectionLinks, isSriActive } from './collectionLinks';
import { COMBINE_WARNING, SRI_INACTIVE_NOTE, SRI_NOTE, SRI_INFO_PATH } from './notes';
import { DEFAULT_COLLECTION_OPTIONS, type CollectionOptions, type LinkDescriptor } from './types';

const CDN = 'https://cdn.example.test';
const jsA: LinkDescriptor = { type: 'npm', name: 'alpha', version: '2.3.4', file: '/dist/alpha.js', hash: 'HASHA=' };
const jsB: LinkDescriptor = { type: 'npm', name: 'beta', version: '1.0.0', file: '/beta.min.js', hash: 'HASHB=' };
const css: LinkDescriptor = { type: 'npm', name: 'alpha', version: '2.3.4', file: '/dist/alpha.css', hash: 'HASHC=' };
const json: LinkDescriptor = { type: 'npm', name: 'alpha', version: '2.3.4', file: '/package.json', hash: 'HASHD=' };
const options = (change: Partial<CollectionOptions> = {}): CollectionOptions => ({ ...DEFAULT_COLLECTION_OPTIONS, ...change });

test('by default links are plain URLs to the minified files', () => {
  const links = buildCollectionLinks(CDN, [jsA, json], options());
  expect(links.files.map((file) => file.text)).toEqual([
    'https://cdn.example.test/npm/alpha@2.3.4/dist/alpha.min.js',
    'https://cdn.example.test/npm/alpha@2.3.4/package.json',
  ]);
  expect(links.combined).toEqual([]);
  expect(links.notes).toEqual([]);
});

test('html shows tags; a file with no HTML form keeps its URL', () => {
  const links = buildCollectionLinks(CDN, [jsA, css, json], options({ html: true, optimize: false }));
  expect(links.files.map((file) => file.text)).toEqual([
    '<script src="https://cdn.example.test/npm/alpha@2.3.4/dist/alpha.js"></script>',
    '<link rel="stylesheet" href="https://cdn.example.test/npm/alpha@2.3.4/dist/alpha.css">',
    'https://cdn.example.test/npm/alpha@2.3.4/package.json',
  ]);
});

test('alias shortens versions to their major', () => {
  const links = buildCollectionLinks(CDN, [jsA], options({ alias: true, optimize: false }));
  expect(links.files[0]?.url).toBe('https://cdn.example.test/npm/alpha@2/dist/alpha.js');
});

test('more than one JS file adds a combined link, with the warning about relative imports', () => {
  const links = buildCollectionLinks(CDN, [jsA, css, jsB], options({ html: true }));
  expect(links.combined).toHaveLength(1);
  expect(links.combined[0]).toMatchObject({
    kind: 'js',
    count: 2,
    url: 'https://cdn.example.test/combine/npm/alpha@2.3.4/dist/alpha.min.js,npm/beta@1.0.0/beta.min.js',
    text: '<script src="https://cdn.example.test/combine/npm/alpha@2.3.4/dist/alpha.min.js,npm/beta@1.0.0/beta.min.js"></script>',
  });
  expect(links.notes).toContain(COMBINE_WARNING);
});

test('more than one CSS file adds a combined stylesheet', () => {
  const other = { ...css, name: 'gamma', file: '/g.css' };
  const links = buildCollectionLinks(CDN, [css, other], options({ optimize: false }));
  expect(links.combined.map((c) => [c.kind, c.text])).toEqual([
    ['css', 'https://cdn.example.test/combine/npm/alpha@2.3.4/dist/alpha.css,npm/gamma@2.3.4/g.css'],
  ]);
});

test('SRI output: integrity on JS and CSS tags with known hashes, and the note linking the SRI page', () => {
  const links = buildCollectionLinks(CDN, [jsA, css, { ...jsB, hash: null }], options({ html: true, optimize: false, alias: false, sri: true }));
  expect(links.sriActive).toBe(true);
  expect(links.files.map((file) => file.text)).toEqual([
    '<script src="https://cdn.example.test/npm/alpha@2.3.4/dist/alpha.js" integrity="sha256-HASHA=" crossorigin="anonymous"></script>',
    '<link rel="stylesheet" href="https://cdn.example.test/npm/alpha@2.3.4/dist/alpha.css" integrity="sha256-HASHC=" crossorigin="anonymous">',
    '<script src="https://cdn.example.test/npm/beta@1.0.0/beta.min.js"></script>',
  ]);
  // Combined files are generated: never an integrity attribute.
  expect(links.combined[0]?.text).not.toContain('integrity');
  expect(links.notes).toContain(SRI_NOTE);
  expect(SRI_NOTE.link?.href).toBe(SRI_INFO_PATH);
  expect(SRI_INFO_PATH).toBe('/using-sri-with-dynamic-files');
});

test('an +esm build with SRI is linked at its pinned URL with its integrity; its convenient URL never carries one', () => {
  const build = { type: 'npm' as const, name: 'lit-html', version: '3.2.1', file: '/+esm' };
  const pinned = { url: 'https://cdn.example.test/npm/lit-html@3.2.1/+esm/b1', integrity: 'sha384-PINNED' };
  const sri = options({ html: true, optimize: false, alias: false, sri: true });
  const linked = buildCollectionLinks(CDN, [{ ...build, pinned }], sri).files[0]!;
  expect(linked.url).toBe(pinned.url);
  expect(linked.integrity).toBe('sha384-PINNED');
  expect(linked.text).toBe(
    '<link rel="modulepreload" href="https://cdn.example.test/npm/lit-html@3.2.1/+esm/b1" integrity="sha384-PINNED" crossorigin="anonymous">\n' +
      '<script type="module"> import LitHtml from \'https://cdn.example.test/npm/lit-html@3.2.1/+esm/b1\' </script>',
  );
  // Not known yet, or SRI off: the convenient URL, without integrity.
  const unknown = buildCollectionLinks(CDN, [build], sri).files[0]!;
  expect(unknown.url).toBe('https://cdn.example.test/npm/lit-html@3.2.1/+esm');
  expect(unknown.integrity).toBeNull();
  const off = buildCollectionLinks(CDN, [{ ...build, pinned }], options({ html: true, optimize: false, sri: false })).files[0]!;
  expect(off.url).toBe('https://cdn.example.test/npm/lit-html@3.2.1/+esm');
  expect(off.text).not.toContain('integrity');
});

test.each([
  ['html off', { html: false }],
  ['optimize on', { optimize: true }],
  ['alias on', { alias: true }],
])('SRI is inactive with %s', (_, change) => {
  const chosen = options({ html: true, optimize: false, alias: false, sri: true, ...change });
  expect(isSriActive(chosen)).toBe(false);
  const links = buildCollectionLinks(CDN, [jsA], chosen);
  expect(links.files[0]?.integrity).toBeNull();
  expect(links.files[0]?.text).not.toContain('integrity');
  expect(links.notes).toContain(SRI_INACTIVE_NOTE);
});

test('a +esm item becomes a module import named after its package', () => {
  const links = buildCollectionLinks(CDN, [{ type: 'npm', name: '3d-force', version: '1.2.0', file: '/+esm' }], options({ html: true, alias: true }));
  expect(links.files[0]?.text).toBe('<script type="module"> import _3dForce from \'https://cdn.example.test/npm/3d-force@1/+esm\' </script>');
});

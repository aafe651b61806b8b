import { declarePages, fillTemplate, parseRemotePages, remotePagesOf, PageDeclarationError } from './pageDeclaration';

const page = { path: '/tools/thing', title: 'Thing', description: 'A thing.', header: 'white' as const };

test('the published form drops the loaders and survives the check the web server makes', () => {
  const Page = () => null;
  const declaration = declarePages('mf-tools', [{ ...page, menus: [{ menu: 'tools', label: 'Thing', order: 10 }], load: async () => Page }]);
  const published = remotePagesOf(declaration);
  expect(published).toEqual({ remote: 'mf-tools', pages: [{ ...page, menus: [{ menu: 'tools', label: 'Thing', order: 10 }] }] });
  expect(parseRemotePages(JSON.parse(JSON.stringify(published)))).toEqual(published);
});

test.each([
  [{ remote: 'r', pages: [] }, 'pages must be a list of 1 to 200 pages'],
  [{ remote: 'r', pages: [{ ...page, path: 'no-slash' }] }, 'r: pages[0].path must start with "/"'],
  [{ remote: 'r', pages: [{ ...page, header: 'purple' }] }, 'r: pages[0].header must be one of regular, white, icon, network-tool'],
  [{ remote: 'r', pages: [page, page] }, 'r: /tools/thing is declared twice'],
  [{ remote: 'r', pages: [{ ...page, path: '/a/:x', params: { y: { pattern: '.' } } }] }, 'r: pages[0].params.y is not a parameter of /a/:x'],
  [{ remote: 'r', pages: [{ ...page, path: '/a/:x', params: { x: { pattern: '(' } } }] }, 'not a valid regular expression'],
  [{ remote: 'r', pages: [{ ...page, path: '/a/:x', menus: [{ menu: 'main', label: 'A', order: 1 }] }] }, 'needs "to": the page\'s path has parameters'],
  [{ remote: 'r', pages: [{ ...page, menus: [{ menu: 'footer', label: 'A', order: 1 }] }] }, 'is a footer entry and needs a column'],
  [{ remote: 'r', pages: [{ ...page, menus: [{ menu: 'tools', label: 'A', order: 1, to: 'https://elsewhere.example/' }] }] }, 'must be a path on this site'],
  [{ remote: 'r', pages: [{ ...page, title: 'x'.repeat(501) }] }, 'at most 500 characters'],
  [{ remote: 'r', pages: [{ ...page, heading: 42 }] }, 'r: pages[0].heading must be a non-empty string'],
])('a faulty declaration is refused, naming the fault (%#)', (value, message) => {
  expect(() => parseRemotePages(value)).toThrow(PageDeclarationError);
  expect(() => parseRemotePages(value)).toThrow(message);
});

test('a page may declare the heading it opens with, kept through the published form', () => {
  const published = remotePagesOf(declarePages('mf-package', [{ ...page, path: '/p/:name', heading: '{name}', load: async () => () => null }]));
  expect(parseRemotePages(JSON.parse(JSON.stringify(published))).pages[0]?.heading).toBe('{name}');
});

test('a remote declares the slots of the frame it fills, kept through the published form', () => {
  const slots = [{ slot: 'header-start' as const, expose: './CompactSearch', except: ['/', '/package/npm/:name'] }];
  const declaration = declarePages('mf-search', [{ ...page, load: async () => () => null }], { slots });
  expect(declaration.slots).toEqual(slots);
  const published = remotePagesOf(declaration);
  expect(parseRemotePages(JSON.parse(JSON.stringify(published)))).toEqual({ remote: 'mf-search', pages: [page], slots });
  // A remote that fills none publishes no slots at all.
  expect(remotePagesOf(declarePages('mf-tools', [{ ...page, load: async () => () => null }]))).not.toHaveProperty('slots');
});

test.each([
  [[{ slot: 'footer-start', expose: './Thing' }], 'r: slots[0].slot must be one of header-start, header-end'],
  [[{ slot: 'header-start', expose: 'Thing' }], 'r: slots[0].expose must name an expose of the remote'],
  [[{ slot: 'header-start', expose: './pages' }], 'r: slots[0].expose cannot be ./pages'],
  [
    [
      { slot: 'header-start', expose: './A' },
      { slot: 'header-start', expose: './B' },
    ],
    'r: the slot header-start is filled twice',
  ],
  [[{ slot: 'header-end', expose: './A', except: ['about'] }], 'r: slots[0].except[0] must be a page pattern'],
  [[{ slot: 'header-end', expose: './A', except: Array.from({ length: 51 }, () => '/') }], 'at most 50 page patterns'],
  [{ slot: 'header-end', expose: './A' }, 'r: slots must be a list of at most 2 entries'],
])('a faulty slot is refused, naming the fault (%#)', (slots, message) => {
  expect(() => parseRemotePages({ remote: 'r', pages: [page], slots })).toThrow(message);
});

test('a remote declares nothing faulty: declarePages fails its own build and tests', () => {
  expect(() => declarePages('mf-tools', [{ ...page, path: 'relative', load: async () => () => null }])).toThrow('must start with "/"');
});

test('templates are filled from the address, and what is filled in is never read as a template', () => {
  expect(fillTemplate('{scope}/{name} CDN', { scope: '@babel', name: 'core' })).toBe('@babel/core CDN');
  expect(fillTemplate('{name} CDN', { name: '{scope}' })).toBe('{scope} CDN');
  expect(fillTemplate('{missing} stays', {})).toBe('{missing} stays');
});

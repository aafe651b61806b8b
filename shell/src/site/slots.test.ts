import type { RemotePages } from '@skylift/shared/pages';
import { slotFills } from './slots';

const page = (path: string) => ({ path, title: path, description: path, header: 'regular' as const });
const pages: RemotePages[] = [
  { remote: 'mf-search', pages: [page('/')], slots: [{ slot: 'header-start', expose: './CompactSearch', except: ['/', '/package/npm/:name'] }] },
  { remote: 'mf-stats', pages: [page('/statistics')] },
  {
    remote: 'mf-account',
    pages: [page('/account')],
    slots: [
      { slot: 'header-end', expose: './Account' },
      { slot: 'header-start', expose: './Greeting' },
    ],
  },
];

test("a slot's fills come in the remotes' order, each with the expose its remote names", () => {
  expect(slotFills(pages, 'header-start', '/statistics')).toEqual([
    { remote: 'mf-search', expose: './CompactSearch' },
    { remote: 'mf-account', expose: './Greeting' },
  ]);
  expect(slotFills(pages, 'header-end', '/statistics')).toEqual([{ remote: 'mf-account', expose: './Account' }]);
});

test('a fill is left out on the pages it excepts, patterns with parameters included, and only there', () => {
  const start = (path: string) => slotFills(pages, 'header-start', path).map(({ remote }) => remote);
  expect(start('/')).toEqual(['mf-account']);
  expect(start('/package/npm/left-pad')).toEqual(['mf-account']);
  expect(start('/package/npm/left-pad/')).toEqual(['mf-account']);
  expect(start('/package/npm/@babel/core')).toEqual(['mf-search', 'mf-account']);
  expect(start('/about')).toEqual(['mf-search', 'mf-account']);
});

test('no declaration, no fill', () => {
  expect(slotFills([{ remote: 'mf-stats', pages: [page('/statistics')] }], 'header-start', '/statistics')).toEqual([]);
});

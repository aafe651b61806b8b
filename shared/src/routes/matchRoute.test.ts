import type { RemotePages } from '../federation/pageDeclaration';
import { matchRoute } from './matchRoute';

const info = (path: string, extra = {}) => ({ path, title: path, description: path, header: 'regular' as const, ...extra });
const REMOTES: RemotePages[] = [
  { remote: 'mf-search', pages: [info('/')] },
  { remote: 'mf-package', pages: [info('/package/npm/:name'), info('/package/npm/:scope/:name', { params: { scope: { pattern: '@[^/]+' } } })] },
  { remote: 'mf-marketing', pages: [info('/globalping/network-tools/:tool', { params: { tool: { pattern: 'ping|dns' } } }), info('/terms/:policy?')] },
];
const REDIRECTS = [{ path: '/rawgit', to: '/' }];

const owner = (pathname: string) => {
  const match = matchRoute(pathname, REMOTES, REDIRECTS);
  return match?.kind === 'page' ? `${match.remote} ${match.page.path}` : (match?.redirect.to ?? null);
};

test('an address belongs to the remote whose page pattern it fits', () => {
  expect(owner('/')).toBe('mf-search /');
  expect(owner('/package/npm/left-pad')).toBe('mf-package /package/npm/:name');
  expect(owner('/package/npm/@babel/core')).toBe('mf-package /package/npm/:scope/:name');
  expect(owner('/globalping/network-tools/dns')).toBe('mf-marketing /globalping/network-tools/:tool');
});

test('declared parameter rules hold for the whole parameter', () => {
  expect(owner('/package/npm/babel/core')).toBeNull();
  expect(owner('/globalping/network-tools/pingdns')).toBeNull();
  expect(owner('/globalping/network-tools/xping')).toBeNull();
});

test('trailing slashes, optional parameters, redirects and what no one claims', () => {
  expect(owner('/package/npm/left-pad/')).toBe('mf-package /package/npm/:name');
  expect(owner('/terms')).toBe('mf-marketing /terms/:policy?');
  expect(owner('/terms/privacy-policy')).toBe('mf-marketing /terms/:policy?');
  expect(owner('/rawgit/')).toBe('/');
  expect(owner('/nothing/here')).toBeNull();
});

test('parameters are decoded, and an address that cannot be decoded belongs to no page', () => {
  const match = matchRoute('/package/npm/%40babel/core', REMOTES);
  expect(match?.kind === 'page' ? match.params : null).toEqual({ scope: '@babel', name: 'core' });
  expect(matchRoute('/package/npm/%E0%A4%A', REMOTES)).toBeNull();
});

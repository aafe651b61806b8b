/**
 * A deployment for the shell's tests: remotes with page declarations of the kinds the shell must handle
 * (plain pages, parameters with rules, every menu, both footer rows, every header variant, a filled slot) and
 * its content.
 * The shell knows no real remote's pages, so neither do its tests.
 */
import type { RemotePages } from '@skylift/shared/pages';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@skylift/shared/config';
import { siteOf, type Site } from '../site/site';

const page = (path: string, title: string, header: RemotePages['pages'][number]['header'] = 'regular', extra: Partial<RemotePages['pages'][number]> = {}) => ({
  path,
  title,
  description: `About ${title}.`,
  header,
  ...extra,
});

export const TEST_PAGES: RemotePages[] = [
  // Fills the slot beside the logo everywhere but on its own page, as the search remote does.
  { remote: 'mf-search', pages: [page('/', 'Home')], slots: [{ slot: 'header-start', expose: './CompactSearch', except: ['/'] }] },
  {
    remote: 'mf-package',
    pages: [
      page('/package/npm/:name', '{name} package', 'icon', { example: '/package/npm/left-pad' }),
      page('/package/npm/:scope/:name', '{scope}/{name} package', 'icon', { params: { scope: { pattern: '@[^/]+' } }, example: '/package/npm/@babel/core' }),
    ],
  },
  {
    remote: 'mf-stats',
    pages: [
      page('/statistics', 'Statistics', 'regular', {
        menus: [
          { menu: 'main', label: 'Stats', order: 30 },
          { menu: 'footer', column: 'About', label: 'Statistics', order: 30 },
        ],
      }),
    ],
  },
  {
    remote: 'mf-tools',
    pages: [
      page('/tools/purge', 'Purge cache', 'white', { menus: [{ menu: 'tools', label: 'Purge cache', order: 10 }] }),
      page('/github', 'Convert from GitHub', 'white', {
        menus: [
          { menu: 'tools', group: 'Convert from', label: 'GitHub', order: 20 },
          { menu: 'footer', column: 'Convert from', label: 'GitHub', order: 100 },
        ],
      }),
      page('/unpkg', 'Convert from unpkg', 'white', {
        menus: [
          { menu: 'tools', group: 'Convert from', label: 'unpkg', order: 40 },
          { menu: 'footer', column: 'Convert from', label: 'unpkg', order: 120 },
        ],
      }),
      page('/esm', 'esm.run', 'white', { menus: [{ menu: 'resources', label: 'esm.run', order: 40 }] }),
    ],
  },
  {
    remote: 'mf-marketing',
    pages: [
      page('/about', 'About us', 'white', {
        menus: [
          { menu: 'main', label: 'About Us', order: 10 },
          { menu: 'footer', column: 'About', label: 'About us', order: 10 },
        ],
      }),
      page('/network', 'Our Network', 'regular', { menus: [{ menu: 'main', label: 'Network', order: 20 }] }),
      page('/blog', 'Blog', 'regular', { menus: [{ menu: 'resources', label: 'Blog', order: 10 }] }),
      page('/documentation', 'Documentation', 'white', { menus: [{ menu: 'resources', label: 'Documentation', order: 30 }] }),
      page('/docs/data', 'Data API', 'white', { menus: [{ menu: 'resources', group: 'API docs', label: 'Data API', order: 50 }] }),
      page('/globalping', 'Network tool', 'network-tool', {
        menus: [{ menu: 'main', label: 'Globalping', badge: 'NEW', hiddenWithHeader: 'network-tool', order: 100 }],
      }),
      page('/globalping/network-tools/:tool', 'Network test {tool}', 'network-tool', {
        params: { tool: { pattern: '(ping|dns)(-from-europe)?' } },
        example: '/globalping/network-tools/ping-from-europe',
        menus: [
          { menu: 'footer', row: 'secondary', column: 'Ping', label: 'Ping online', to: '/globalping/network-tools/ping', order: 1000 },
          { menu: 'footer', row: 'secondary', column: 'Ping', label: 'Ping from Europe', to: '/globalping/network-tools/ping-from-europe', order: 1001 },
          { menu: 'footer', row: 'secondary', column: 'DNS', label: 'DNS online', to: '/globalping/network-tools/dns', order: 1010 },
        ],
      }),
    ],
  },
];

/** The remotes manifest of a deployment of these remotes. */
const remotesOf = (pages: readonly RemotePages[]): Record<string, string> =>
  Object.fromEntries(pages.map(({ remote }) => [remote, `http://localhost/remotes/${remote}/mf-manifest.json`]));

export const TEST_REMOTES = remotesOf(TEST_PAGES);

/** Content of a deployment that has set everything a deployment can set. */
export const FULL_CONTENT: SiteContent = {
  figures: { pointsOfPresence: 12, websites: 3, regions: 2, firstYear: 2020 },
  links: {
    codeHost: 'https://code.example/org',
    social: 'https://social.example/org',
    chat: 'https://chat.example/org',
    newsletter: 'https://list.example/subscribe',
    sponsorship: 'mailto:sponsors@example.org',
  },
  knownSites: ['Example site'],
  sponsors: [{ name: 'Example sponsor', role: 'CDN' }],
  jobNotice: { id: 'engineer-2026', text: 'We look for an engineer.', linkLabel: 'Learn more', linkUrl: '/about' },
  failover: false,
  providers: [{ code: 'OR', name: 'Origin', color: '#2563eb', logo: null, enabled: true, prefix: 'OR' }],
  locations: [],
};

export function testSite(content: SiteContent = DEFAULT_SITE_CONTENT, pages: RemotePages[] = TEST_PAGES): Site {
  return siteOf({ remotes: remotesOf(pages), pages, content });
}

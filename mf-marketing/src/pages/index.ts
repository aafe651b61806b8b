/**
 * The `./pages` expose: every page this remote owns, with what the site needs to know of it. The build
 * publishes the same data as mf-pages.json; the shell and the web server read nothing else about our pages.
 */
import { BRAND } from '@skylift/shared/brand';
import { declarePages, type MenuEntry } from '@skylift/shared/pages';
import posts from '../../content/blog/posts.json';
import type { BlogPostMeta } from '../content/types';
import { POLICY_PARAM_PATTERN } from '../legal/policies';
import { fillPlaceholders } from '../markdown/placeholders';
import { MEASUREMENT_TYPES, TOOL_LABELS, TOOL_PARAM_PATTERN, toolPaths } from '../networkTools/tools';

const t = (page: string): string => `${page} - ${BRAND.name}`;
const ABOUT = 'About';
const API_DOCS = 'API docs';

/** The footer's second row: a column per test, each with the test and its preset locations. */
const networkToolLinks: MenuEntry[] = MEASUREMENT_TYPES.flatMap((type, typeIndex) =>
  toolPaths(type).map(({ path, label }, index) => ({
    menu: 'footer' as const,
    row: 'secondary' as const,
    column: `${BRAND.networkTool} ${TOOL_LABELS[type]}`,
    label,
    to: path,
    order: 1000 + typeIndex * 10 + index,
  })),
);

const blogPage = () => import('./BlogPage').then((m) => m.BlogPage);

/** A page per post, so its address carries the post's own title and summary for search engines and link previews. */
const postPages = (posts as BlogPostMeta[]).map((post) => ({
  path: `/blog/${post.slug}`,
  title: t(fillPlaceholders(post.title, {})),
  description: fillPlaceholders(post.summary, {}),
  header: 'regular' as const,
  load: blogPage,
}));

export const pages = declarePages('mf-marketing', [
  {
    path: '/about',
    title: t('About us'),
    description: `Who builds ${BRAND.name}, why, and how a free CDN for open source keeps running.`,
    header: 'white',
    menus: [
      { menu: 'main', label: 'About Us', order: 10 },
      { menu: 'footer', column: ABOUT, label: 'About us', order: 10 },
    ],
    load: () => import('./AboutPage').then((m) => m.AboutPage),
  },
  {
    path: '/become-a-sponsor',
    title: t('Become a sponsor'),
    description: `Support ${BRAND.name}: the sponsorship plans and how to start one.`,
    header: 'regular',
    menus: [{ menu: 'footer', column: ABOUT, label: 'Become a sponsor', order: 50 }],
    load: () => import('./BecomeSponsorPage').then((m) => m.BecomeSponsorPage),
  },
  {
    path: '/network',
    title: t('Our Network'),
    description: `The network that serves ${BRAND.name}'s files: the providers in front of the origin and where they are.`,
    header: 'regular',
    menus: [
      { menu: 'main', label: 'Network', order: 20 },
      { menu: 'footer', column: ABOUT, label: 'Our network', order: 20 },
    ],
    load: () => import('./NetworkPage').then((m) => m.NetworkPage),
  },
  {
    path: '/network/infographic',
    title: t('Network infographic'),
    description: `The ${BRAND.name} network at a glance.`,
    header: 'regular',
    load: () => import('./NetworkInfographicPage').then((m) => m.NetworkInfographicPage),
  },
  {
    path: '/new-jsdelivr',
    title: t(`The new ${BRAND.name}`),
    description: `What ${BRAND.name} is, what it serves and how its links are built.`,
    header: 'regular',
    load: () => import('./NewPlatformPage').then((m) => m.NewPlatformPage),
  },
  {
    path: '/sponsors',
    title: t('Sponsors'),
    description: `Who sponsors ${BRAND.name}, and how to become a sponsor.`,
    header: 'regular',
    menus: [
      { menu: 'main', label: 'Sponsors', order: 40 },
      { menu: 'footer', column: ABOUT, label: 'Sponsors', order: 40 },
    ],
    load: () => import('./SponsorsPage').then((m) => m.SponsorsPage),
  },
  {
    path: '/using-sri-with-dynamic-files',
    title: t('Using SRI with dynamic files'),
    description: 'When subresource integrity works with CDN links, and when it breaks.',
    header: 'regular',
    load: () => import('./SriGuidePage').then((m) => m.SriGuidePage),
  },
  {
    path: '/terms',
    title: t('Terms and policies'),
    description: `Terms of use, privacy policy and sub-processors of ${BRAND.name}.`,
    header: 'regular',
    menus: [{ menu: 'footer', column: ABOUT, label: 'Terms and policies', order: 90 }],
    load: () => import('./TermsPage').then((m) => m.TermsPage),
  },
  {
    path: '/terms/:currentPolicy',
    title: t('Terms and policies'),
    description: `Terms of use, privacy policy and sub-processors of ${BRAND.name}.`,
    header: 'regular',
    params: { currentPolicy: { pattern: POLICY_PARAM_PATTERN } },
    example: '/terms/privacy-policy',
    load: () => import('./PolicyPage').then((m) => m.PolicyPage),
  },
  {
    path: '/history',
    title: t('History'),
    description: `The story of ${BRAND.name}, event by event.`,
    header: 'white',
    menus: [{ menu: 'footer', column: ABOUT, label: 'History', order: 60 }],
    load: () => import('./HistoryPage').then((m) => m.HistoryPage),
  },
  {
    path: '/documentation',
    title: t('Documentation'),
    description: `How to use ${BRAND.name}: npm, GitHub, combining files, caching, purging and more.`,
    header: 'white',
    menus: [
      { menu: 'resources', label: 'Documentation', order: 30 },
      { menu: 'footer', column: ABOUT, label: 'Documentation', order: 70 },
    ],
    load: () => import('./DocumentationPage').then((m) => m.DocumentationPage),
  },
  {
    path: '/docs/data.jsdelivr.com',
    title: t('Data API documentation'),
    description: `The ${BRAND.name} data API: package metadata and usage statistics.`,
    header: 'white',
    menus: [{ menu: 'resources', group: API_DOCS, label: `${BRAND.name} API`, order: 50 }],
    load: () => import('./DataApiDocsPage').then((m) => m.DataApiDocsPage),
  },
  {
    path: '/docs/api.globalping.io',
    title: t(`${BRAND.networkTool} API documentation`),
    description: `The ${BRAND.networkTool} API: network measurements from probes around the world.`,
    header: 'white',
    menus: [{ menu: 'resources', group: API_DOCS, label: `${BRAND.networkTool} API`, order: 60 }],
    load: () => import('./NetworkToolApiDocsPage').then((m) => m.NetworkToolApiDocsPage),
  },
  {
    path: '/blog',
    title: t('Blog'),
    description: `News from the ${BRAND.name} team.`,
    header: 'regular',
    menus: [{ menu: 'resources', label: 'Blog', order: 10 }],
    load: blogPage,
  },
  ...postPages,
  {
    path: '/globalping',
    title: t(BRAND.networkTool),
    description: 'Run ping, traceroute, DNS and HTTP tests from probes around the world.',
    header: 'network-tool',
    menus: [{ menu: 'main', label: BRAND.networkTool, badge: 'NEW', hiddenWithHeader: 'network-tool', order: 100 }],
    load: () => import('./NetworkToolPage').then((m) => m.NetworkToolPage),
  },
  {
    path: '/globalping/network-tools/:tool',
    title: t(`${BRAND.networkTool} network tools`),
    description: 'Network tests from probes around the world.',
    header: 'network-tool',
    params: { tool: { pattern: TOOL_PARAM_PATTERN } },
    example: '/globalping/network-tools/ping-from-europe',
    menus: networkToolLinks,
    load: () => import('./NetworkToolTestPage').then((m) => m.NetworkToolTestPage),
  },
]);

/**
 * The website's route table, in the order of spec 001 §2.1 followed by the rest of spec 000's route list.
 * It is pure data so that both the shell (client routing) and the web server (per-route <title> and
 * social metadata for crawlers that run no script) read the same table.
 */
import { BRAND } from '../brand';

export type RemoteName = 'mf-search' | 'mf-package' | 'mf-stats' | 'mf-tools' | 'mf-marketing';

export const REMOTE_NAMES: readonly RemoteName[] = ['mf-search', 'mf-package', 'mf-stats', 'mf-tools', 'mf-marketing'];

/** Header logo variants of spec 000 §2 "Shared frame". */
export type LogoVariant = 'regular' | 'white' | 'icon' | 'network-tool';

export interface PageRoute {
  kind: 'page';
  /** react-router path pattern. */
  path: string;
  remote: RemoteName;
  title: string;
  description: string;
  logo: LogoVariant;
}

export interface RedirectRoute {
  kind: 'redirect';
  path: string;
  /** An in-site path or an absolute URL. */
  to: string;
}

export type RouteEntry = PageRoute | RedirectRoute;

const t = (page: string): string => `${page} - ${BRAND.name}`;
const d = BRAND.defaultDescription;

const page = (path: string, remote: RemoteName, title: string, description: string = d, logo: LogoVariant = 'regular'): PageRoute => ({
  kind: 'page',
  path,
  remote,
  title,
  description,
  logo,
});

export const ROUTES: readonly RouteEntry[] = [
  page('/', 'mf-search', BRAND.defaultTitle, d),
  page('/esm', 'mf-tools', t('esm.run - ES modules from npm'), 'Import any npm package as an ES module with one short link, bundled and minified for the browser.', 'white'),
  page('/about', 'mf-marketing', t('About us'), `Who builds ${BRAND.name}, why, and how a free CDN for open source keeps running.`, 'white'),
  page('/github', 'mf-tools', t('Convert from GitHub'), `Convert a link to a file on GitHub into a fast ${BRAND.name} CDN link.`, 'white'),
  page('/foundationcdn', 'mf-tools', t('Foundation CDN'), `Use the Foundation front-end framework from ${BRAND.name}: pick a version and files, copy the tags.`),
  page('/unpkg', 'mf-tools', t('Convert from unpkg'), `Convert an unpkg link into the equivalent ${BRAND.name} link.`, 'white'),
  page('/google', 'mf-tools', t('Convert from Google Hosted Libraries'), `Convert a Google Hosted Libraries link into the equivalent ${BRAND.name} link.`, 'white'),
  page('/become-a-sponsor', 'mf-marketing', t('Become a sponsor'), `Support ${BRAND.name} and reach millions of developers.`),
  page('/network', 'mf-marketing', t('Our Network'), 'Four CDNs, more than 540 points of presence, and failover that keeps files served.'),
  page('/network/infographic', 'mf-marketing', t('Network infographic'), `The ${BRAND.name} network at a glance.`),
  page('/new-jsdelivr', 'mf-marketing', t(`The new ${BRAND.name}`), 'From manual uploads to an automated system: every existing link keeps working.'),
  page('/sponsors', 'mf-marketing', t('Sponsors'), `The companies that make ${BRAND.name} possible.`),
  page('/statistics', 'mf-stats', t('Statistics'), `Usage and network statistics of ${BRAND.name}: providers, countries, platforms, browsers and the most popular projects.`),
  page('/tools/purge', 'mf-tools', t('Purge cache'), `Purge files from the ${BRAND.name} cache.`, 'white'),
  page('/using-sri-with-dynamic-files', 'mf-marketing', t('Using SRI with dynamic files'), 'When subresource integrity works with CDN links, and when it breaks.'),
  { kind: 'redirect', path: '/rawgit', to: '/' },
  { kind: 'redirect', path: '/features', to: '/' },
  page('/package/npm/:scope?/:name', 'mf-package', BRAND.defaultTitle, d, 'icon'),
  page('/package/gh/:user/:repo', 'mf-package', BRAND.defaultTitle, d, 'icon'),
  page('/terms', 'mf-marketing', t('Terms and policies'), `Terms of use, privacy policy and sub-processors of ${BRAND.name}.`),
  page('/terms/:currentPolicy', 'mf-marketing', t('Terms and policies'), `Terms of use, privacy policy and sub-processors of ${BRAND.name}.`),
  page('/history', 'mf-marketing', t('History'), `The story of ${BRAND.name} since 2012.`, 'white'),
  page('/gsap', 'mf-tools', t('GSAP CDN'), 'Links to every GSAP file and plugin, in any version.'),
  page('/skypack', 'mf-tools', t('Convert from Skypack'), `Convert a Skypack link into the equivalent ${BRAND.name} ES module link.`, 'white'),
  page('/esmsh', 'mf-tools', t('Convert from esm.sh'), `Convert an esm.sh link into the equivalent ${BRAND.name} ES module link.`, 'white'),
  page('/oss-cdn', 'mf-stats', t('Custom CDN for open source'), 'Custom endpoints for open source projects: CocoaPods, Ghost, Pyodide, MuseScore, Fontsource and Yocto.'),
  page('/oss-cdn/:name', 'mf-stats', t('Custom CDN for open source'), 'Statistics of a custom open source endpoint.'),
  page('/documentation', 'mf-marketing', t('Documentation'), `How to use ${BRAND.name}: npm, GitHub, combining files, caching, purging and more.`, 'white'),
  page('/docs/data.jsdelivr.com', 'mf-marketing', t('Data API documentation'), `The ${BRAND.name} data API: package metadata and usage statistics.`, 'white'),
  page('/docs/api.globalping.io', 'mf-marketing', t(`${BRAND.networkTool} API documentation`), `The ${BRAND.networkTool} API: network measurements from probes around the world.`, 'white'),
  page('/blog', 'mf-marketing', t('Blog'), `News from the ${BRAND.name} team.`),
  { kind: 'redirect', path: '/discord', to: BRAND.chatCommunityUrl },
  page('/globalping', 'mf-marketing', t(BRAND.networkTool), 'Run ping, traceroute, DNS, HTTP and MTR tests from probes around the world.', 'network-tool'),
  page('/globalping/network-tools/:tool', 'mf-marketing', t(`${BRAND.networkTool} network tools`), 'Network tests from probes around the world.', 'network-tool'),
];

/** Network-testing tools that /globalping/network-tools/{tool} accepts (spec 000 route list). */
export const NETWORK_TOOLS = ['ping', 'traceroute', 'dns', 'http'] as const;
export const NETWORK_TOOL_SUFFIXES = ['', '-from-europe', '-from-united-states', '-from-amazoncom-inc'] as const;

export function isValidNetworkTool(tool: string): boolean {
  return NETWORK_TOOLS.some((name) => NETWORK_TOOL_SUFFIXES.some((suffix) => tool === `${name}${suffix}`));
}

export const PAGE_ROUTES: readonly PageRoute[] = ROUTES.filter((r): r is PageRoute => r.kind === 'page');

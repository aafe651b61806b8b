/** The footer's link columns (spec 000 §2): about, convert-from and the network-testing tool's tests. */
import { BRAND } from '@skylift/shared';
import { NETWORK_TOOLS, NETWORK_TOOL_SUFFIXES } from '@skylift/shared/routes/routeTable';

export interface FooterLink {
  label: string;
  to: string;
}

export const ABOUT_LINKS: readonly FooterLink[] = [
  { label: 'About us', to: '/about' },
  { label: 'Our network', to: '/network' },
  { label: 'Statistics', to: '/statistics' },
  { label: 'Sponsors', to: '/sponsors' },
  { label: 'Become a sponsor', to: '/become-a-sponsor' },
  { label: 'History', to: '/history' },
  { label: 'Documentation', to: '/documentation' },
  { label: 'Purge cache', to: '/tools/purge' },
  { label: 'Terms and policies', to: '/terms' },
];

export const CONVERT_LINKS: readonly FooterLink[] = [
  { label: 'GitHub', to: '/github' },
  { label: 'Google Hosted Libraries', to: '/google' },
  { label: 'unpkg', to: '/unpkg' },
  { label: 'Skypack', to: '/skypack' },
  { label: 'esm.sh', to: '/esmsh' },
];

const TOOL_NAMES: Record<(typeof NETWORK_TOOLS)[number], string> = { ping: 'Ping', traceroute: 'Traceroute', dns: 'DNS', http: 'HTTP' };
const SUFFIX_TEXT: Record<(typeof NETWORK_TOOL_SUFFIXES)[number], string> = {
  '': 'online',
  '-from-europe': 'from Europe',
  '-from-united-states': 'from the United States',
  '-from-amazoncom-inc': 'from Amazon',
};

export interface NetworkToolColumn {
  heading: string;
  links: FooterLink[];
}

/** Four columns, one per test, each with the test and its -from-europe, -from-united-states and -from-amazoncom-inc variants. */
export const NETWORK_TOOL_COLUMNS: readonly NetworkToolColumn[] = NETWORK_TOOLS.map((tool) => ({
  heading: `${BRAND.networkTool} ${TOOL_NAMES[tool]}`,
  links: NETWORK_TOOL_SUFFIXES.map((suffix) => ({ label: `${TOOL_NAMES[tool]} ${SUFFIX_TEXT[suffix]}`, to: `/globalping/network-tools/${tool}${suffix}` })),
}));

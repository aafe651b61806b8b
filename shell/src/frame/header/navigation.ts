/** The header's navigation (spec 000 §2 "Shared frame"), as data so the header and its tests read one list. */
import { BRAND } from '@skylift/shared';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
}

/** Not a link: an action such as "Newsletter", which takes the visitor to the sign-up form in the footer. */
export interface NavActionItem {
  kind: 'action';
  label: string;
  action: 'newsletter';
}

export interface NavGroupLabel {
  kind: 'group';
  label: string;
}

export type NavMenuItem = NavLinkItem | NavActionItem | NavGroupLabel;

export const MAIN_LINKS: readonly NavLinkItem[] = [
  { kind: 'link', label: 'About Us', to: '/about' },
  { kind: 'link', label: 'Network', to: '/network' },
  { kind: 'link', label: 'Stats', to: '/statistics' },
  { kind: 'link', label: 'Sponsors', to: '/sponsors' },
];

export const TOOLS_MENU: readonly NavMenuItem[] = [
  { kind: 'link', label: 'Purge cache', to: '/tools/purge' },
  { kind: 'group', label: 'Convert from' },
  { kind: 'link', label: 'GitHub', to: '/github' },
  { kind: 'link', label: 'Google Hosted Libraries', to: '/google' },
  { kind: 'link', label: 'unpkg', to: '/unpkg' },
  { kind: 'link', label: 'Skypack', to: '/skypack' },
  { kind: 'link', label: 'esm.sh', to: '/esmsh' },
];

export const RESOURCES_MENU: readonly NavMenuItem[] = [
  { kind: 'link', label: 'Blog', to: '/blog' },
  { kind: 'action', label: 'Newsletter', action: 'newsletter' },
  { kind: 'link', label: 'Documentation', to: '/documentation' },
  { kind: 'link', label: 'esm.run', to: '/esm' },
  { kind: 'group', label: 'API docs' },
  { kind: 'link', label: `${BRAND.name} API`, to: '/docs/data.jsdelivr.com' },
  { kind: 'link', label: `${BRAND.networkTool} API`, to: '/docs/api.globalping.io' },
];

export const ICON_LINKS = [
  { label: `${BRAND.name} on GitHub`, href: BRAND.codeHostUrl, icon: 'code' },
  { label: `${BRAND.name} on X`, href: BRAND.socialUrl, icon: 'social' },
  { label: `${BRAND.name} on Discord`, href: BRAND.chatCommunityUrl, icon: 'chat' },
] as const;

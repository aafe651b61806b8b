import { BRAND } from '@skylift/shared/brand';

export interface MenuItem {
  id: string;
  label: string;
}

export interface MenuSection {
  title: string;
  items: MenuItem[];
}

/** The side menu: the anchors of documentation.md's headings, in document order. */
export const DOCUMENTATION_MENU: MenuSection[] = [
  {
    title: `Why ${BRAND.name}`,
    items: [
      { id: 'ready-for-production', label: 'Ready for production' },
      { id: 'multi-cdn', label: 'Multi-CDN' },
      { id: 'smart-load-balancing', label: 'Smart load balancing' },
      { id: 'failover', label: 'Failover' },
      { id: 'china', label: 'China' },
    ],
  },
  {
    title: 'Usage Documentation',
    items: [
      { id: 'npm', label: 'npm' },
      { id: 'github', label: 'GitHub' },
      { id: 'combine-multiple-files', label: 'Combine multiple files' },
      { id: 'publishing-packages', label: 'Publishing packages' },
      { id: 'configuring-a-default-file-in-packagejson', label: 'Configuring a default file' },
      { id: 'wordpress', label: 'WordPress' },
      { id: 'caching', label: 'Caching' },
      { id: 'purge-cache', label: 'Purge cache' },
      { id: 'custom-cdn-hosting', label: 'Custom CDN hosting' },
      { id: 'privacy-policy', label: 'Privacy policy' },
    ],
  },
];

export const MENU_IDS: string[] = DOCUMENTATION_MENU.flatMap((section) => section.items.map((item) => item.id));

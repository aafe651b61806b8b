/**
 * The `./pages` expose: every page this remote owns, with what the site needs to know of it. The build
 * publishes the same data as mf-pages.json; the shell and the web server read nothing else about our pages.
 */
import { BRAND } from '@skylift/shared/brand';
import { declarePages } from '@skylift/shared/pages';

export const pages = declarePages(
  'mf-search',
  [
    {
      path: '/',
      title: BRAND.defaultTitle,
      description: BRAND.defaultDescription,
      // The hero's heading: the first screen's largest text, drawn from the HTML before the scripts arrive.
      heading: BRAND.tagline,
      header: 'regular',
      load: () => import('./HomePage').then((m) => m.HomePage),
    },
  ],
  {
    // The compact package search beside the header's logo, on every page but the home page, which has its own.
    slots: [{ slot: 'header-start', expose: './CompactSearch', except: ['/'] }],
  },
);

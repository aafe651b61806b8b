/**
 * The `./pages` expose: every page this remote owns, with what the site needs to know of it. The build
 * publishes the same data as mf-pages.json; the shell and the web server read nothing else about our pages.
 */
import { BRAND } from '@skylift/shared/brand';
import { declarePages } from '@skylift/shared/pages';
import { pageNames } from '../ossCdn/projects';

const t = (page: string): string => `${page} - ${BRAND.name}`;

export const pages = declarePages('mf-stats', [
  {
    path: '/statistics',
    title: t('Statistics'),
    description: `Usage and network statistics of ${BRAND.name}: providers, countries, platforms, browsers and the most popular projects.`,
    header: 'regular',
    menus: [
      { menu: 'main', label: 'Stats', order: 30 },
      { menu: 'footer', column: 'About', label: 'Statistics', order: 30 },
    ],
    load: () => import('./StatisticsPage').then((m) => m.StatisticsPage),
  },
  {
    path: '/oss-cdn',
    title: t('Custom CDN for open source'),
    description: 'Custom endpoints for open source projects: CocoaPods, Ghost, Pyodide, MuseScore, Fontsource and Yocto.',
    header: 'regular',
    load: () => import('./OssCdnPage').then((m) => m.OssCdnPage),
  },
  {
    path: '/oss-cdn/:name',
    title: t('Custom CDN for open source'),
    description: 'Statistics of a custom open source endpoint.',
    header: 'regular',
    // The projects of the content file (their names and former names); any other name is no page (the web server answers 404).
    params: { name: { pattern: pageNames().join('|') } },
    example: '/oss-cdn/pyodide',
    load: () => import('./OssCdnProjectPage').then((m) => m.OssCdnProjectPage),
  },
]);

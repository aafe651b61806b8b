/**
 * The `./pages` expose: every page this remote owns, with what the site needs to know of it. The build
 * publishes the same data as mf-pages.json; the shell and the web server read nothing else about our pages.
 */
import { BRAND } from '@skylift/shared/brand';
import { declarePages } from '@skylift/shared/pages';

const t = (page: string): string => `${page} - ${BRAND.name}`;
const CONVERT = 'Convert from';

export const pages = declarePages('mf-tools', [
  {
    path: '/esm',
    title: t('esm.run - ES modules from npm'),
    description: 'Import any npm package as an ES module with one short link, bundled and minified for the browser.',
    header: 'white',
    menus: [{ menu: 'resources', label: 'esm.run', order: 40 }],
    load: () => import('./EsmPage').then((m) => m.EsmPage),
  },
  {
    path: '/github',
    title: t('Convert from GitHub'),
    description: `Convert a link to a file on GitHub into a fast ${BRAND.name} CDN link.`,
    header: 'white',
    menus: [
      { menu: 'tools', group: CONVERT, label: 'GitHub', order: 20 },
      { menu: 'footer', column: CONVERT, label: 'GitHub', order: 100 },
    ],
    load: () => import('./GitHubConverterPage').then((m) => m.GitHubConverterPage),
  },
  {
    path: '/foundationcdn',
    title: t('Foundation CDN'),
    description: `Use the Foundation front-end framework from ${BRAND.name}: pick a version and files, copy the tags.`,
    header: 'regular',
    load: () => import('./FoundationPage').then((m) => m.FoundationPage),
  },
  {
    path: '/unpkg',
    title: t('Convert from unpkg'),
    description: `Convert an unpkg link into the equivalent ${BRAND.name} link.`,
    header: 'white',
    menus: [
      { menu: 'tools', group: CONVERT, label: 'unpkg', order: 40 },
      { menu: 'footer', column: CONVERT, label: 'unpkg', order: 120 },
    ],
    load: () => import('./UnpkgConverterPage').then((m) => m.UnpkgConverterPage),
  },
  {
    path: '/google',
    title: t('Convert from Google Hosted Libraries'),
    description: `Convert a Google Hosted Libraries link into the equivalent ${BRAND.name} link.`,
    header: 'white',
    menus: [
      { menu: 'tools', group: CONVERT, label: 'Google Hosted Libraries', order: 30 },
      { menu: 'footer', column: CONVERT, label: 'Google Hosted Libraries', order: 110 },
    ],
    load: () => import('./GoogleConverterPage').then((m) => m.GoogleConverterPage),
  },
  {
    path: '/tools/purge',
    title: t('Purge cache'),
    description: `Purge files from the ${BRAND.name} cache.`,
    header: 'white',
    menus: [
      { menu: 'tools', label: 'Purge cache', order: 10 },
      { menu: 'footer', column: 'About', label: 'Purge cache', order: 80 },
    ],
    load: () => import('./PurgePage').then((m) => m.PurgePage),
  },
  {
    path: '/tools/importmap',
    title: t('Import map generator'),
    description: `Generate an import map with integrity hashes for npm packages loaded as ES modules from ${BRAND.name}.`,
    header: 'white',
    menus: [{ menu: 'tools', label: 'Import map generator', order: 15 }],
    load: () => import('./ImportMapPage').then((m) => m.ImportMapPage),
  },
  {
    path: '/gsap',
    title: t('GSAP CDN'),
    description: 'Links to every GSAP file and plugin, in any version.',
    header: 'regular',
    load: () => import('./GsapPage').then((m) => m.GsapPage),
  },
  {
    path: '/skypack',
    title: t('Convert from Skypack'),
    description: `Convert a Skypack link into the equivalent ${BRAND.name} ES module link.`,
    header: 'white',
    menus: [
      { menu: 'tools', group: CONVERT, label: 'Skypack', order: 50 },
      { menu: 'footer', column: CONVERT, label: 'Skypack', order: 130 },
    ],
    load: () => import('./SkypackConverterPage').then((m) => m.SkypackConverterPage),
  },
  {
    path: '/esmsh',
    title: t('Convert from esm.sh'),
    description: `Convert an esm.sh link into the equivalent ${BRAND.name} ES module link.`,
    header: 'white',
    menus: [
      { menu: 'tools', group: CONVERT, label: 'esm.sh', order: 60 },
      { menu: 'footer', column: CONVERT, label: 'esm.sh', order: 140 },
    ],
    load: () => import('./EsmShConverterPage').then((m) => m.EsmShConverterPage),
  },
]);

/**
 * The `./pages` expose: every page this remote owns, with what the site needs to know of it. The build
 * publishes the same data as mf-pages.json; the shell and the web server read nothing else about our pages.
 * Titles and descriptions are the ones the page itself sets once loaded, with the address's names filled in;
 * the heading, the package's name, is drawn from the HTML before the page's scripts arrive.
 */
import { declarePages, packagePageDescription, packagePageTitle } from '@skylift/shared/pages';

const npmPage = () => import('./NpmPackagePage').then((m) => m.NpmPackagePage);

export const pages = declarePages('mf-package', [
  {
    path: '/package/npm/:name',
    title: packagePageTitle('{name}'),
    description: packagePageDescription('npm', '{name}'),
    heading: '{name}',
    header: 'icon',
    example: '/package/npm/left-pad',
    load: npmPage,
  },
  {
    path: '/package/npm/:scope/:name',
    title: packagePageTitle('{scope}/{name}'),
    description: packagePageDescription('npm', '{scope}/{name}'),
    heading: '{scope}/{name}',
    header: 'icon',
    // A scoped name: anything else after /package/npm/ is no package.
    params: { scope: { pattern: '@[^/]+' } },
    example: '/package/npm/@babel/core',
    load: npmPage,
  },
  {
    path: '/package/gh/:user/:repo',
    title: packagePageTitle('{user}/{repo}'),
    description: packagePageDescription('gh', '{user}/{repo}'),
    heading: '{user}/{repo}',
    header: 'icon',
    example: '/package/gh/octo-org/widgets',
    load: () => import('./GitHubPackagePage').then((m) => m.GitHubPackagePage),
  },
]);

/** The `./pages` expose: one component per route-table path pattern this remote owns. */
import type { PagesModule } from '@skylift/shared/federation/index';
import { NpmPackagePage } from './NpmPackagePage';
import { GitHubPackagePage } from './GitHubPackagePage';

export const pages: PagesModule['pages'] = {
  '/package/npm/:scope?/:name': NpmPackagePage,
  '/package/gh/:user/:repo': GitHubPackagePage,
};

/** The `./pages` expose: one component per route-table path pattern this remote owns. */
import type { PagesModule } from '@skylift/shared/federation/index';
import { StatisticsPage } from './StatisticsPage';
import { OssCdnPage } from './OssCdnPage';
import { OssCdnProjectPage } from './OssCdnProjectPage';

export const pages: PagesModule['pages'] = {
  '/statistics': StatisticsPage,
  '/oss-cdn': OssCdnPage,
  '/oss-cdn/:name': OssCdnProjectPage,
};

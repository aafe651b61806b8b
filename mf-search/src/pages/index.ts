/** The `./pages` expose: one component per route-table path pattern this remote owns. */
import type { PagesModule } from '@skylift/shared/federation/index';
import { HomePage } from './HomePage';

export const pages: PagesModule['pages'] = {
  '/': HomePage,
};

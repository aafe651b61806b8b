/** The `./pages` expose: one component per route-table path pattern this remote owns. */
import type { PagesModule } from '@skylift/shared/federation/index';
import { EsmPage } from './EsmPage';
import { GitHubConverterPage } from './GitHubConverterPage';
import { FoundationPage } from './FoundationPage';
import { UnpkgConverterPage } from './UnpkgConverterPage';
import { GoogleConverterPage } from './GoogleConverterPage';
import { PurgePage } from './PurgePage';
import { GsapPage } from './GsapPage';
import { SkypackConverterPage } from './SkypackConverterPage';
import { EsmShConverterPage } from './EsmShConverterPage';

export const pages: PagesModule['pages'] = {
  '/esm': EsmPage,
  '/github': GitHubConverterPage,
  '/foundationcdn': FoundationPage,
  '/unpkg': UnpkgConverterPage,
  '/google': GoogleConverterPage,
  '/tools/purge': PurgePage,
  '/gsap': GsapPage,
  '/skypack': SkypackConverterPage,
  '/esmsh': EsmShConverterPage,
};

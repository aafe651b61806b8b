/** The `./pages` expose: one component per route-table path pattern this remote owns. */
import type { PagesModule } from '@skylift/shared/federation/index';
import { AboutPage } from './AboutPage';
import { BecomeSponsorPage } from './BecomeSponsorPage';
import { NetworkPage } from './NetworkPage';
import { NetworkInfographicPage } from './NetworkInfographicPage';
import { NewPlatformPage } from './NewPlatformPage';
import { SponsorsPage } from './SponsorsPage';
import { SriGuidePage } from './SriGuidePage';
import { TermsPage } from './TermsPage';
import { PolicyPage } from './PolicyPage';
import { HistoryPage } from './HistoryPage';
import { DocumentationPage } from './DocumentationPage';
import { DataApiDocsPage } from './DataApiDocsPage';
import { NetworkToolApiDocsPage } from './NetworkToolApiDocsPage';
import { BlogPage } from './BlogPage';
import { NetworkToolPage } from './NetworkToolPage';
import { NetworkToolTestPage } from './NetworkToolTestPage';

export const pages: PagesModule['pages'] = {
  '/about': AboutPage,
  '/become-a-sponsor': BecomeSponsorPage,
  '/network': NetworkPage,
  '/network/infographic': NetworkInfographicPage,
  '/new-jsdelivr': NewPlatformPage,
  '/sponsors': SponsorsPage,
  '/using-sri-with-dynamic-files': SriGuidePage,
  '/terms': TermsPage,
  '/terms/:currentPolicy': PolicyPage,
  '/history': HistoryPage,
  '/documentation': DocumentationPage,
  '/docs/data.jsdelivr.com': DataApiDocsPage,
  '/docs/api.globalping.io': NetworkToolApiDocsPage,
  '/blog': BlogPage,
  '/globalping': NetworkToolPage,
  '/globalping/network-tools/:tool': NetworkToolTestPage,
};

/**
 * The home page ("Home page"): heading, live network statistics and the search over npm. While
 * a query is typed (or a type filter is on) the results take the place of the landing sections; an empty
 * query without filters brings them back.
 */
import { useSearchParams } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { ApiPromo } from '../home/ApiPromo';
import { CustomEndpoints } from '../home/CustomEndpoints';
import { EsmDemo } from '../home/EsmDemo';
import { KnownSites } from '../home/KnownSites';
import { NetworkStats } from '../home/NetworkStats';
import { SponsorLogos } from '../home/SponsorLogos';
import { TopPackages } from '../home/TopPackages';
import { UsageDocs } from '../home/UsageDocs';
import { PackageSearch } from '../search/PackageSearch';
import { isSearching, readSearchState } from '../search/searchState';
import '../home/home.css';

export function HomePage() {
  const [params] = useSearchParams();
  const searching = isSearching(readSearchState(params));
  return (
    <div className="ms-home">
      <section className="ms-hero">
        <h1 className="ms-hero__title">{BRAND.tagline}</h1>
        <p className="ms-hero__lead">
          Every file published to npm and GitHub, minified on request, compressed and cached, at a link you can paste. No sign-up.
        </p>
        <NetworkStats />
        <PackageSearch />
      </section>
      {searching ? null : (
        <div className="ms-landing" data-testid="home-landing">
          <UsageDocs />
          <SponsorLogos />
          <ApiPromo />
          <EsmDemo />
          <TopPackages />
          <CustomEndpoints />
          <KnownSites />
        </div>
      )}
    </div>
  );
}

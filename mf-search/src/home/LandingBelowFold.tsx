/**
 * The landing sections below the first screen of the home page. They are a chunk of their own, downloaded
 * when the visitor scrolls towards them (see HomePage): a first visit to `/` does not pay for code, data
 * requests and images it does not show.
 */
import { ApiPromo } from './ApiPromo';
import { CustomEndpoints } from './CustomEndpoints';
import { EsmDemo } from './EsmDemo';
import { KnownSites } from './KnownSites';
import { SponsorLogos } from './SponsorLogos';
import { TopPackages } from './TopPackages';

export function LandingBelowFold() {
  return (
    <>
      <SponsorLogos />
      <ApiPromo />
      <EsmDemo />
      <TopPackages />
      <CustomEndpoints />
      <KnownSites />
    </>
  );
}

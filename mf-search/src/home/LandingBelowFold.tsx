/**
 * The landing sections below the first screen of the home page. They are a chunk of their own, downloaded
 * when the visitor scrolls towards them (see HomePage): a first visit to `/` does not pay for code, data
 * requests and images it does not show. Each renders in its place (belowFoldSlots.ts), which the skeleton
 * held at the same size before.
 */
import { useSiteContent } from '@skylift/shared/content/useSiteContent';
import { ApiPromo } from './ApiPromo';
import { slotClass } from './belowFoldSlots';
import { CustomEndpoints } from './CustomEndpoints';
import { EsmDemo } from './EsmDemo';
import { KnownSites } from './KnownSites';
import { SponsorLogos } from './SponsorLogos';
import { TopPackages } from './TopPackages';

export function LandingBelowFold() {
  const { knownSites } = useSiteContent();
  return (
    <div data-testid="home-below-fold" data-state="ready">
      <div className={slotClass('sponsors')}>
        <SponsorLogos />
      </div>
      <div className={slotClass('api')}>
        <ApiPromo />
      </div>
      <div className={slotClass('esm')}>
        <EsmDemo />
      </div>
      <div className={slotClass('top')}>
        <TopPackages />
      </div>
      <div className={slotClass('endpoints')}>
        <CustomEndpoints />
      </div>
      {knownSites.length > 0 ? (
        <div className={slotClass('sites')}>
          <KnownSites />
        </div>
      ) : null}
    </div>
  );
}

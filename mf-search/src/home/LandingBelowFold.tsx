/**
 * The landing sections below the first screen of the home page. They are a chunk of their own, downloaded
 * when the visitor scrolls towards them (see HomePage): a first visit to `/` does not pay for code, data
 * requests and images it does not show. Each renders in its place (belowFoldSlots.ts), which the skeleton
 * held at the same size before.
 */
import type { ComponentType } from 'react';
import { ApiPromo } from './ApiPromo';
import { slotClass, useBelowFoldSlots, type BelowFoldSlot } from './belowFoldSlots';
import { CustomEndpoints } from './CustomEndpoints';
import { EsmDemo } from './EsmDemo';
import { KnownSites } from './KnownSites';
import { SponsorLogos } from './SponsorLogos';
import { TopPackages } from './TopPackages';

const SECTIONS: Record<BelowFoldSlot, ComponentType> = {
  sponsors: SponsorLogos,
  api: ApiPromo,
  esm: EsmDemo,
  top: TopPackages,
  endpoints: CustomEndpoints,
  sites: KnownSites,
};

export function LandingBelowFold() {
  const slots = useBelowFoldSlots();
  return (
    <div data-testid="home-below-fold" data-state="ready">
      {slots.map((slot) => {
        const Section = SECTIONS[slot];
        return (
          <div key={slot} className={slotClass(slot)}>
            <Section />
          </div>
        );
      })}
    </div>
  );
}

/**
 * The places of the landing sections below the first screen. The home page draws them (as skeletons) before the
 * sections' code arrives, and the sections render inside the same places: each keeps the room its section
 * takes (its min-height in home.module.css, per screen width), so nothing below moves when the code arrives and
 * a reader who jumps to the end sees the skeletons, never a blank screen.
 */
import { useSiteContent } from '@skylift/shared/stores';
import styles from './home.module.css';

export type BelowFoldSlot = 'sponsors' | 'api' | 'esm' | 'top' | 'endpoints' | 'sites';

/** In page order. Known sites only when the operator's content names some (the section shows nothing otherwise). */
export const BELOW_FOLD_SLOTS: readonly BelowFoldSlot[] = ['sponsors', 'api', 'esm', 'top', 'endpoints', 'sites'];

const SLOT_CLASS: Record<BelowFoldSlot, string | undefined> = {
  sponsors: styles.slotSponsors,
  api: styles.slotApi,
  esm: styles.slotEsm,
  top: styles.slotTop,
  endpoints: styles.slotEndpoints,
  sites: styles.slotSites,
};

/** The places this deployment's home page has: known sites only when the operator's content names some. */
export function useBelowFoldSlots(): BelowFoldSlot[] {
  const { knownSites } = useSiteContent();
  return BELOW_FOLD_SLOTS.filter((slot) => slot !== 'sites' || knownSites.length > 0);
}

export const slotClass = (slot: BelowFoldSlot): string => `${styles.slot} ${SLOT_CLASS[slot] ?? ''}`;

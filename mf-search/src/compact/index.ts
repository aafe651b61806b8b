/** The `./CompactSearch` expose: the compact search, which fills the slot beside the header's logo (`src/pages/index.ts`). */
import type { SlotModule } from '@skylift/shared/pages';
import { CompactSearch } from './CompactSearch';

export const Slot: SlotModule['Slot'] = CompactSearch;

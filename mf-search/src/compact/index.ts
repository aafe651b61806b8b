/** The `./CompactSearch` expose. */
import type { CompactSearchModule } from '@skylift/shared/search';
import { CompactSearch } from './CompactSearch';

export { CompactSearch };
export const compactSearchModule: CompactSearchModule = { CompactSearch };

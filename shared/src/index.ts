/**
 * `@skylift/shared`, the main entry: what nearly every page uses, and so on every first visit. The runtime
 * configuration as a store, the data API client and its answers' types, the hooks that read stores and
 * promises, the UI kit's basic pieces, the document's metadata, a declared page as a lazily loaded component; with the product's name, the formatting and
 * the image proxy's addresses re-exported from their own entries. The library's other entry points are
 * listed in its package.json (`exports`) and README; nothing else of it may be imported.
 */
// Re-exported by their entries, not their files: a module belongs to one entry only (see the README).
export { BRAND } from '@skylift/shared/brand';
export {
  BYTE_UNITS,
  IMAGE_PROXY_PATH,
  NEW_GROWTH,
  NOT_A_NUMBER,
  SHORT_SUFFIXES,
  displayedGrowth,
  escapeHtml,
  formatBytes,
  formatGrowth,
  formatNumber,
  formatShort,
  growthPercent,
  isNewGrowth,
  proxiedImageUrl,
  type ImageOrigins,
} from '@skylift/shared/format';

export {
  runtimeConfig$,
  loadRuntimeConfig,
  getRuntimeConfig,
  setRuntimeConfig,
  parseRuntimeConfig,
  resetRuntimeConfig,
  useRuntimeConfig,
  RuntimeConfigError,
  type RuntimeConfig,
  type SearchConfig,
} from './config/runtimeConfig';

export { useObservableValue } from './rx/useObservableValue';
export { useAsync, valueOf, type AsyncState } from './async/useAsync';

export { getJson, getJsonPage, clearHttpCache, isApiErrorBody, describeFailure, type ApiErrorBody, type GetJsonOptions, type Paged } from './api/http';
export * from './api/dataApi';
export type * from './api/types';

export { applyDocumentMeta, type DocumentMeta } from './meta/documentMeta';
// The shell renders every page through it; the rest of the rendering of declarations is `@skylift/shared/federation`.
export { lazyPage } from './federation/lazyPage';
// The search filter buttons' values, read from the home page's address before the search client is downloaded.
export { isStyleFilter, isTypeFilter, type StyleFilter, type TypeFilter } from './search/filters';

// The basic pieces of the UI kit; the rest (dropdowns, switches, ...) is `@skylift/shared/ui`, which the main
// entry leaves out as the home page and the frame have none of them.
export * from './ui/Tabs';
export * from './ui/CopyButton';
export * from './ui/Notice';
export * from './ui/Spinner';
export * from './ui/NearView';
export * from './ui/ProjectLink';
export { useOutsidePress } from './ui/useOutsidePress';

/**
 * The public API of the shared frontend library. The route table is not re-exported: import it by path
 * (`@skylift/shared/routes/routeTable`) so the web server can read it without React.
 */
export { BRAND } from './brand';

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

export * from './format';

// Pure: the web server imports it by path (`@skylift/shared/images/imageProxy`); pages take it from here, so
// a page showing an avatar loads no shared module more.
export { proxiedImageUrl, IMAGE_PROXY_PATH, type ImageOrigins } from './images/imageProxy';

// The statistics periods store is imported by path (`@skylift/shared/stores/periods`): only pages with a
// period dropdown need it, and the main entry is on every first visit.

export * from './ui';

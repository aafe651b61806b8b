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

export {
  periods$,
  loadPeriods,
  resetPeriods,
  periodOptions,
  usePeriodOptions,
  periodText,
  isSeparator,
  isFloatingPeriod,
  FLOATING_PERIOD_OPTIONS,
  PERIOD_DAYS,
  GROWTH_LABELS,
  SEPARATOR,
  type PeriodOption,
  type PeriodSeparator,
  type PeriodListItem,
} from './stores/periods';

export * from './ui';

/**
 * The website's runtime configuration: the service URLs and search credentials the web server hands to the
 * browser at `/config.json`. They are read at start-up instead of being compiled in, so one build runs
 * against any compatible deployment.
 */
import { BehaviorSubject } from 'rxjs';
import { useObservableValue } from '../rx/useObservableValue';

export interface SearchConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Base URL of the search API (scheme, host, optional port and path prefix). */
  hostUrl: string;
}

export interface RuntimeConfig {
  brand: string;
  wwwUrl: string;
  cdnUrl: string;
  dataApiUrl: string;
  purgeUrl: string;
  esmRunUrl: string;
  search: SearchConfig;
  /** Where the remotes manifest (remote name to the URL of its mf-manifest.json) is served. */
  remotesManifestUrl: string;
}

/** The configuration once loaded; `null` until then. */
export const runtimeConfig$ = new BehaviorSubject<RuntimeConfig | null>(null);

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

const TOP_LEVEL_STRINGS = ['brand', 'wwwUrl', 'cdnUrl', 'dataApiUrl', 'purgeUrl', 'esmRunUrl', 'remotesManifestUrl'] as const;
const SEARCH_STRINGS = ['appId', 'apiKey', 'indexName', 'hostUrl'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that `value` has the shape of a RuntimeConfig and returns a copy with only the known fields.
 * Throws a RuntimeConfigError naming the first field that is missing or of the wrong type.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError('The runtime configuration is not a JSON object.');
  for (const key of TOP_LEVEL_STRINGS) {
    if (typeof value[key] !== 'string') throw new RuntimeConfigError(`The runtime configuration has no string "${key}".`);
  }
  const search = value.search;
  if (!isRecord(search)) throw new RuntimeConfigError('The runtime configuration has no object "search".');
  for (const key of SEARCH_STRINGS) {
    if (typeof search[key] !== 'string') throw new RuntimeConfigError(`The runtime configuration has no string "search.${key}".`);
  }
  const str = (record: Record<string, unknown>, key: string): string => record[key] as string;
  return {
    brand: str(value, 'brand'),
    wwwUrl: str(value, 'wwwUrl'),
    cdnUrl: str(value, 'cdnUrl'),
    dataApiUrl: str(value, 'dataApiUrl'),
    purgeUrl: str(value, 'purgeUrl'),
    esmRunUrl: str(value, 'esmRunUrl'),
    remotesManifestUrl: str(value, 'remotesManifestUrl'),
    search: {
      appId: str(search, 'appId'),
      apiKey: str(search, 'apiKey'),
      indexName: str(search, 'indexName'),
      hostUrl: str(search, 'hostUrl'),
    },
  };
}

/** Publishes a configuration directly: for a standalone remote page or an embedding site that already has one. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  runtimeConfig$.next(config);
}

let pending: { url: string; promise: Promise<RuntimeConfig> } | null = null;

/**
 * Fetches the configuration once (later calls share the first request), validates it and publishes it.
 * A failed load is not remembered, so the caller can retry.
 */
export function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const loaded = runtimeConfig$.getValue();
  if (loaded) return Promise.resolve(loaded);
  if (pending) return pending.promise;
  const promise = (async () => {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      throw new RuntimeConfigError(`The runtime configuration could not be fetched from ${url}: ${describe(error)}`);
    }
    if (!response.ok) throw new RuntimeConfigError(`The runtime configuration could not be fetched from ${url}: HTTP ${response.status}.`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new RuntimeConfigError(`The runtime configuration at ${url} is not valid JSON.`);
    }
    const config = parseRuntimeConfig(body);
    runtimeConfig$.next(config);
    return config;
  })();
  pending = { url, promise };
  promise.then(
    () => {},
    () => {
      if (pending?.promise === promise) pending = null;
    },
  );
  return promise;
}

/** The loaded configuration; throws if called before loadRuntimeConfig() or setRuntimeConfig() finished. */
export function getRuntimeConfig(): RuntimeConfig {
  const config = runtimeConfig$.getValue();
  if (!config) {
    throw new RuntimeConfigError('The runtime configuration is not loaded yet: call loadRuntimeConfig() at start-up before using the services.');
  }
  return config;
}

/** The configuration in a React component: `null` until loaded, then re-renders when it is published. */
export function useRuntimeConfig(): RuntimeConfig | null {
  return useObservableValue(runtimeConfig$);
}

/** Forgets the loaded configuration; for tests. */
export function resetRuntimeConfig(): void {
  pending = null;
  runtimeConfig$.next(null);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

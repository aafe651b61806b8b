/**
 * The shape of the website's runtime configuration and its check: pure, so the web server that writes the
 * configuration and the browser that reads it share one definition.
 */
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

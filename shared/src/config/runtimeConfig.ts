/**
 * The website's runtime configuration: the service URLs and search credentials the web server hands to the
 * browser at `/config.json`. They are read at start-up instead of being compiled in, so one build runs
 * against any compatible deployment.
 */
import { BehaviorSubject } from 'rxjs';
import { useObservableValue } from '../rx/useObservableValue';
import { parseRuntimeConfig, RuntimeConfigError, type RuntimeConfig } from '@skylift/shared/config';

export { parseRuntimeConfig, RuntimeConfigError, type RuntimeConfig, type SearchConfig } from '@skylift/shared/config';

/** The configuration once loaded; `null` until then. */
export const runtimeConfig$ = new BehaviorSubject<RuntimeConfig | null>(null);

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

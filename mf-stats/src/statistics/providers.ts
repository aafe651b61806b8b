/**
 * The providers the statistics are split by. Which providers a deployment has, their names, colours,
 * logos and whether they are shown is the deployment's site content: a fresh install serves every
 * request from its own origin (`OR`). A provider that appears in the figures but not in the content is
 * shown with the name the data API gives and a colour of its own. Cache hit rates are never content:
 * they are measured from the request log (`/v1/stats/network/cache`).
 */
import { dataApiUrl, getJson, type Period } from '@skylift/shared';
import type { Provider } from '@skylift/shared/config';
import { palette, providerColours } from '@skylift/shared/styles';

export type ProviderInfo = Pick<Provider, 'code' | 'name' | 'color' | 'logo' | 'enabled'>;

/** The providers to show for the codes present in the figures, in the content's order, then the others. */
export function providersFor(configured: readonly ProviderInfo[], codes: readonly string[], names: Record<string, string> = {}): ProviderInfo[] {
  const known = configured.filter((provider) => provider.enabled && codes.includes(provider.code));
  const unknown = codes
    .filter((code) => !configured.some((provider) => provider.code === code))
    .map((code, index) => ({
      code,
      name: names[code] ?? code,
      color: providerColours[index % providerColours.length] ?? palette.slate500,
      logo: null,
      enabled: true,
    }));
  return [...known, ...unknown];
}

export interface ProviderCache {
  code: string;
  name: string;
  /** Percentage of measured requests answered from cache; null when none was measured. */
  cacheHitRate: number | null;
}

export function getProviderCache(period?: Period): Promise<ProviderCache[]> {
  return getJson(dataApiUrl('/v1/stats/network/cache', { period }));
}

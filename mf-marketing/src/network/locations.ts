import type { NetworkLocation, Provider as NetworkProvider } from '@skylift/shared/config';

export interface PlacedLocation extends NetworkLocation {
  provider: NetworkProvider;
  /** What follows the first dash of the title ("FY - Frankfurt" -> "Frankfurt"). */
  region: string;
}

export function regionOf(title: string): string {
  const dash = title.indexOf('-');
  return dash === -1 ? title.trim() : title.slice(dash + 1).trim();
}

/** Each location with the provider whose prefix starts its title; locations of no listed provider are left out. */
export function placeLocations(locations: readonly NetworkLocation[], providers: readonly NetworkProvider[]): PlacedLocation[] {
  const placed: PlacedLocation[] = [];
  for (const location of locations) {
    if (!Number.isFinite(location.latitude) || !Number.isFinite(location.longitude)) continue;
    // The longest matching prefix wins, so "CF" and "CFX" can both be providers.
    const provider = [...providers].sort((a, b) => b.prefix.length - a.prefix.length).find((candidate) => location.title.startsWith(candidate.prefix));
    if (provider) placed.push({ ...location, provider, region: regionOf(location.title) });
  }
  return placed;
}

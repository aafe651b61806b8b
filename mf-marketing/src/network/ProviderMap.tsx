import { useMemo, useState } from 'react';
import { WorldMap, type MapMarker } from '@skylift/shared/charts';
import type { NetworkLocation, Provider as NetworkProvider } from '@skylift/shared/config';
import { placeLocations } from './locations';
import infoPageStyles from '../layout/InfoPage.module.css';
import networkStyles from './Network.module.css';

/**
 * The points of presence of the deployment's site content (`locations`) on the world map, one colour per provider,
 * with a switch per provider (all on at first; the last one on cannot be turned off).
 */
export function ProviderMap({ providers, locations }: { providers: readonly NetworkProvider[]; locations: readonly NetworkLocation[] }) {
  const placed = useMemo(() => placeLocations(locations, providers), [locations, providers]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = providers.filter((provider) => !hidden.has(provider.name));
  const markers: MapMarker[] = useMemo(
    () =>
      placed
        .filter((location) => !hidden.has(location.provider.name))
        .map((location) => ({
          latitude: location.latitude,
          longitude: location.longitude,
          label: `${location.provider.name}: ${location.region}`,
          group: location.provider.name,
        })),
    [placed, hidden],
  );
  const colours = useMemo(() => Object.fromEntries(providers.map((provider) => [provider.name, provider.color])), [providers]);
  const toggle = (name: string): void =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  return (
    <div className={networkStyles.providerMap}>
      {providers.length > 0 ? (
        <div className={networkStyles.providerMapSwitches} role="group" aria-label="Providers">
          {providers.map((provider) => {
            const on = !hidden.has(provider.name);
            const count = placed.filter((location) => location.provider.name === provider.name).length;
            return (
              <button key={provider.name} type="button" aria-pressed={on} disabled={on && shown.length === 1} onClick={() => toggle(provider.name)}>
                <span
                  className={networkStyles.providerMapDot}
                  style={{ background: on ? provider.color : 'transparent', borderColor: provider.color }}
                  aria-hidden="true"
                />
                {provider.name} ({count})
              </button>
            );
          })}
        </div>
      ) : null}
      <WorldMap label={`Points of presence: ${markers.length} shown`} markers={markers} groupColours={colours} />
      {placed.length === 0 ? (
        <p className={`${infoPageStyles.empty} ${networkStyles.empty}`}>This deployment has not listed its points of presence yet, so the map shows none.</p>
      ) : null}
    </div>
  );
}

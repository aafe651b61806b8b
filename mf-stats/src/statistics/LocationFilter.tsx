/**
 * The network filter: a continent or a country (filterable lists; "No results found" when the filter
 * matches nothing). Choosing one clears the other; Global clears both.
 */
import { useMemo } from 'react';
import { type ContinentCode } from '@skylift/shared';
import { Dropdown, type DropdownItem } from '@skylift/shared/ui';
import { chooseContinent, chooseCountry, type LocationFilter as Filter } from './rules';
import styles from './statistics.module.css';

export const CONTINENT_NAMES: Record<ContinentCode, string> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

const GLOBAL_VALUE = 'global';

export function LocationFilter({
  value,
  onChange,
  countries,
}: {
  value: Filter;
  onChange: (filter: Filter) => void;
  countries: ReadonlyArray<{ code: string; name: string }>;
}) {
  const continentItems = useMemo<DropdownItem<string>[]>(
    () => [
      { value: GLOBAL_VALUE, label: 'Global' },
      { separator: true },
      ...Object.entries(CONTINENT_NAMES)
        .sort(([, a], [, b]) => a.localeCompare(b))
        .map(([code, name]) => ({ value: code, label: name })),
    ],
    [],
  );
  const countryItems = useMemo<DropdownItem<string>[]>(() => {
    const listed = [...countries];
    // A chosen country stays in the list even when the new period has no traffic from it.
    if (value.country && !listed.some((country) => country.code === value.country)) listed.push({ code: value.country, name: value.country });
    return [
      { value: GLOBAL_VALUE, label: 'Global' },
      { separator: true },
      ...listed.sort((a, b) => a.name.localeCompare(b.name)).map((country) => ({ value: country.code, label: country.name })),
    ];
  }, [countries, value.country]);

  return (
    <div className={styles.filters}>
      <span className={styles.filtersLabel} aria-hidden="true">
        Continent
      </span>
      <Dropdown
        label="Continent"
        filterable
        filterPlaceholder="Search continents"
        items={continentItems}
        // With a country chosen no continent is: Global is then a choice to make (it clears the country), not the
        // current value, which the dropdown would take as no change.
        value={value.continent ?? (value.country ? null : GLOBAL_VALUE)}
        placeholder="Global"
        onChange={(code) => onChange(chooseContinent(code === GLOBAL_VALUE ? null : (code as ContinentCode)))}
      />
      <span className={styles.filtersLabel} aria-hidden="true">
        Country
      </span>
      <Dropdown
        label="Country"
        filterable
        filterPlaceholder="Search countries"
        items={countryItems}
        value={value.country ?? (value.continent ? null : GLOBAL_VALUE)}
        placeholder="Global"
        onChange={(code) => onChange(chooseCountry(code === GLOBAL_VALUE ? null : code))}
      />
    </div>
  );
}

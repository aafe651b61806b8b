import {
  ALL_PROVIDERS_ON,
  GLOBAL,
  INITIAL_SHARE_TABLE,
  applyLocation,
  availableBreakdowns,
  barWidths,
  breakdownPath,
  chooseBreakdown,
  chooseContinent,
  chooseCountry,
  isGroupVersionsDisabled,
  isProviderOn,
  isProviderSwitchDisabled,
  selectItem,
  setBreakdown,
  setGroupVersions,
  toggleProvider,
} from './rules';

const CODES = ['CF', 'FY', 'OR'];

describe('location filter', () => {
  test('a country clears the continent, a continent clears the country, Global clears both', () => {
    expect(chooseCountry('DE')).toEqual({ country: 'DE', continent: null });
    expect(chooseContinent('EU')).toEqual({ country: null, continent: 'EU' });
    expect(chooseCountry(null)).toEqual(GLOBAL);
    expect(chooseContinent(null)).toEqual(GLOBAL);
  });
});

describe('provider switches', () => {
  test('all on by default; the last one left on is disabled', () => {
    let switches = ALL_PROVIDERS_ON;
    expect(CODES.every((code) => isProviderOn(switches, code))).toBe(true);
    expect(CODES.some((code) => isProviderSwitchDisabled(switches, code, CODES))).toBe(false);
    switches = toggleProvider(switches, 'CF', CODES);
    switches = toggleProvider(switches, 'FY', CODES);
    expect(isProviderOn(switches, 'CF')).toBe(false);
    expect(isProviderSwitchDisabled(switches, 'OR', CODES)).toBe(true);
    expect(toggleProvider(switches, 'OR', CODES)).toBe(switches);
    expect(isProviderSwitchDisabled(switches, 'CF', CODES)).toBe(false);
  });

  test('breakdown off forces every provider on and disables them all', () => {
    const off = setBreakdown(toggleProvider(ALL_PROVIDERS_ON, 'CF', CODES), false);
    expect(CODES.every((code) => isProviderOn(off, code))).toBe(true);
    expect(CODES.every((code) => isProviderSwitchDisabled(off, code, CODES))).toBe(true);
    expect(setBreakdown(off, true).off.size).toBe(0);
  });
});

describe('Top platforms / Top browsers', () => {
  const item = { name: 'Windows' };
  const versioned = { name: 'Windows', version: '10' };

  test('selecting an item offers Country first; Group versions is then disabled', () => {
    const state = selectItem(INITIAL_SHARE_TABLE, item, GLOBAL);
    expect(state).toEqual({ groupVersions: true, selected: item, breakdown: 'country' });
    expect(isGroupVersionsDisabled(state, true)).toBe(true);
    expect(setGroupVersions(state, false, true)).toBe(state);
    expect(isGroupVersionsDisabled(INITIAL_SHARE_TABLE, false)).toBe(true);
    expect(isGroupVersionsDisabled(INITIAL_SHARE_TABLE, true)).toBe(false);
  });

  test('Country is disabled with a location filter; Browser/Platform and Version without grouping', () => {
    expect(availableBreakdowns({ groupVersions: true }, GLOBAL)).toEqual(['country', 'other', 'version']);
    expect(availableBreakdowns({ groupVersions: true }, chooseCountry('DE'))).toEqual(['other', 'version']);
    expect(availableBreakdowns({ groupVersions: false }, GLOBAL)).toEqual(['country']);
    expect(availableBreakdowns({ groupVersions: false }, chooseContinent('EU'))).toEqual([]);
    const withCountry = selectItem(INITIAL_SHARE_TABLE, item, chooseCountry('DE'));
    expect(withCountry.breakdown).toBe('other');
    expect(chooseBreakdown(withCountry, 'country', chooseCountry('DE'))).toBe(withCountry);
  });

  test('with a country or continent chosen and no grouping, the selection is cleared', () => {
    const ungrouped = setGroupVersions(INITIAL_SHARE_TABLE, false, true);
    const selected = selectItem(ungrouped, versioned, GLOBAL);
    expect(selected.breakdown).toBe('country');
    expect(applyLocation(selected, chooseContinent('EU'))).toEqual({ groupVersions: false, selected: null, breakdown: null });
    expect(selectItem(ungrouped, versioned, chooseCountry('DE')).selected).toBeNull();
  });

  test('a grouped selection whose Country breakdown becomes disabled moves to the next one', () => {
    const selected = selectItem(INITIAL_SHARE_TABLE, item, GLOBAL);
    expect(applyLocation(selected, chooseCountry('FR'))).toEqual({ groupVersions: true, selected: item, breakdown: 'other' });
    const version = chooseBreakdown(selected, 'version', GLOBAL);
    expect(applyLocation(version, chooseCountry('FR'))).toBe(version);
  });

  test('data API paths of the breakdowns', () => {
    const state = selectItem(INITIAL_SHARE_TABLE, item, GLOBAL);
    expect(breakdownPath('platforms', state)).toEqual(['Windows', 'countries']);
    expect(breakdownPath('platforms', chooseBreakdown(state, 'other', GLOBAL))).toEqual(['Windows', 'browsers']);
    expect(breakdownPath('browsers', chooseBreakdown(state, 'other', GLOBAL))).toEqual(['Windows', 'platforms']);
    expect(breakdownPath('platforms', chooseBreakdown(state, 'version', GLOBAL))).toEqual(['Windows', 'versions']);
    const ungrouped = selectItem(setGroupVersions(INITIAL_SHARE_TABLE, false, true), versioned, GLOBAL);
    expect(breakdownPath('platforms', ungrouped)).toEqual(['Windows', 'versions', '10', 'countries']);
    expect(breakdownPath('platforms', INITIAL_SHARE_TABLE)).toBeNull();
  });
});

test('bars are widths relative to the largest figure', () => {
  expect(barWidths([50, 100, 0])).toEqual([50, 100, 0]);
  expect(barWidths([0, 0])).toEqual([0, 0]);
});

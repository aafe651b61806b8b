/**
 * The state rules of the statistics page, as plain functions so each is tested without
 * rendering: the location filter, the provider switches of the chart and map, and the Top platforms /
 * Top browsers selection and breakdown.
 */
import type { ContinentCode } from '@skylift/shared';

// ---- location filter ---------------------------------------------------------------------------------

export interface LocationFilter {
  country: string | null;
  continent: ContinentCode | null;
}

export const GLOBAL: LocationFilter = { country: null, continent: null };

/** Choosing a country clears the continent and the other way round; Global (null) clears both. */
export function chooseCountry(country: string | null): LocationFilter {
  return { country, continent: null };
}

export function chooseContinent(continent: ContinentCode | null): LocationFilter {
  return { country: null, continent };
}

export function hasLocation(filter: LocationFilter): boolean {
  return filter.country !== null || filter.continent !== null;
}

// ---- provider switches -------------------------------------------------------------------------------

export interface ProviderSwitches {
  /** "Show provider breakdown": off combines the providers into one series. */
  breakdown: boolean;
  /** Codes switched off; every provider is on by default. */
  off: ReadonlySet<string>;
}

export const ALL_PROVIDERS_ON: ProviderSwitches = { breakdown: true, off: new Set() };

export function isProviderOn(switches: ProviderSwitches, code: string): boolean {
  return !switches.breakdown || !switches.off.has(code);
}

/**
 * A provider's switch is disabled when the breakdown is off (all are forced on) or when it is the last
 * one still on (at least one provider is always shown).
 */
export function isProviderSwitchDisabled(switches: ProviderSwitches, code: string, codes: readonly string[]): boolean {
  if (!switches.breakdown) return true;
  const on = codes.filter((candidate) => !switches.off.has(candidate));
  return on.length === 1 && on[0] === code;
}

export function toggleProvider(switches: ProviderSwitches, code: string, codes: readonly string[]): ProviderSwitches {
  if (isProviderSwitchDisabled(switches, code, codes)) return switches;
  const off = new Set(switches.off);
  if (off.has(code)) off.delete(code);
  else off.add(code);
  return { ...switches, off };
}

/** Turning the breakdown off forces every provider on; turning it back on starts again with all on. */
export function setBreakdown(switches: ProviderSwitches, breakdown: boolean): ProviderSwitches {
  return { breakdown, off: breakdown ? switches.off : new Set() };
}

// ---- Top platforms / Top browsers ------------------------------------------------------------------------

export type ShareKind = 'platforms' | 'browsers';
export type Breakdown = 'country' | 'other' | 'version';

export interface ShareItem {
  name: string;
  /** Present only when versions are not grouped. */
  version?: string;
}

export interface ShareTableState {
  groupVersions: boolean;
  selected: ShareItem | null;
  breakdown: Breakdown | null;
}

export const INITIAL_SHARE_TABLE: ShareTableState = { groupVersions: true, selected: null, breakdown: null };

/** "Browser" under Top platforms, "Platform" under Top browsers. */
export function otherKindLabel(kind: ShareKind): string {
  return kind === 'platforms' ? 'Browser' : 'Platform';
}

/** Country is disabled when a location filter is set; Browser/Platform and Version when versions are not grouped. */
export function isBreakdownDisabled(breakdown: Breakdown, state: Pick<ShareTableState, 'groupVersions'>, location: LocationFilter): boolean {
  if (breakdown === 'country') return hasLocation(location);
  return !state.groupVersions;
}

export function availableBreakdowns(state: Pick<ShareTableState, 'groupVersions'>, location: LocationFilter): Breakdown[] {
  return (['country', 'other', 'version'] as const).filter((breakdown) => !isBreakdownDisabled(breakdown, state, location));
}

/** 'Group versions' is disabled while an item is selected and when the table has no data. */
export function isGroupVersionsDisabled(state: ShareTableState, hasData: boolean): boolean {
  return state.selected !== null || !hasData;
}

/** Selecting an item offers the first breakdown still enabled; an item with none cannot be selected. */
export function selectItem(state: ShareTableState, item: ShareItem | null, location: LocationFilter): ShareTableState {
  if (item === null) return { ...state, selected: null, breakdown: null };
  const [first] = availableBreakdowns(state, location);
  if (!first) return { ...state, selected: null, breakdown: null };
  const keep = state.breakdown !== null && !isBreakdownDisabled(state.breakdown, state, location) ? state.breakdown : first;
  return { ...state, selected: item, breakdown: keep };
}

export function chooseBreakdown(state: ShareTableState, breakdown: Breakdown, location: LocationFilter): ShareTableState {
  if (state.selected === null || isBreakdownDisabled(breakdown, state, location)) return state;
  return { ...state, breakdown };
}

export function setGroupVersions(state: ShareTableState, groupVersions: boolean, hasData: boolean): ShareTableState {
  if (isGroupVersionsDisabled(state, hasData)) return state;
  return { groupVersions, selected: null, breakdown: null };
}

/**
 * After the location filter changes: with a country or continent chosen and versions not grouped, the
 * selection is cleared (its only breakdown, Country, is disabled); otherwise a breakdown that became
 * disabled gives way to the first one still enabled.
 */
export function applyLocation(state: ShareTableState, location: LocationFilter): ShareTableState {
  if (state.selected === null) return state;
  if (hasLocation(location) && !state.groupVersions) return { ...state, selected: null, breakdown: null };
  if (state.breakdown !== null && !isBreakdownDisabled(state.breakdown, state, location)) return state;
  const [first] = availableBreakdowns(state, location);
  return first ? { ...state, breakdown: first } : { ...state, selected: null, breakdown: null };
}

/** The data API path of the table's rows and of the selected item's breakdown (see getShareStats). */
export function listPath(state: Pick<ShareTableState, 'groupVersions'>): string[] {
  return state.groupVersions ? [] : ['versions'];
}

export function breakdownPath(kind: ShareKind, state: ShareTableState): string[] | null {
  const { selected, breakdown } = state;
  if (!selected || !breakdown) return null;
  if (selected.version !== undefined) return breakdown === 'country' ? [selected.name, 'versions', selected.version, 'countries'] : null;
  if (breakdown === 'country') return [selected.name, 'countries'];
  if (breakdown === 'version') return [selected.name, 'versions'];
  return [selected.name, kind === 'platforms' ? 'browsers' : 'platforms'];
}

// ---- projects table ------------------------------------------------------------------------------------

/** Bar widths: each row's share of the largest figure on the page, in percent. */
export function barWidths(values: readonly number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 ? (value / max) * 100 : 0));
}

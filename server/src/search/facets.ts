/**
 * Algolia `facetFilters`: a string, or an array whose items are ANDed; an item that is itself an array is
 * an OR group. Each filter reads `attribute:value`, and `attribute:-value` excludes the value (so
 * `styleTypes:-none` means "ships styles"). A leading `\-` escapes a value that really starts with a dash.
 */
import type { SearchRecord } from './record.ts';

export interface FacetFilter {
  attribute: string;
  value: string;
  negated: boolean;
}

/** Groups are ANDed; filters inside a group are ORed. */
export type FacetFilterGroups = FacetFilter[][];

export class FacetFilterError extends Error {}

/** The attributes a record can be filtered on, and how each record yields its values. */
export const FACET_ATTRIBUTES: Record<string, (record: SearchRecord) => Array<string | boolean | null>> = {
  name: (record) => [record.name],
  'owner.name': (record) => [record.owner.name],
  moduleTypes: (record) => record.moduleTypes,
  styleTypes: (record) => record.styleTypes,
  keywords: (record) => record.keywords,
  license: (record) => [record.license],
  deprecated: (record) => [record.deprecated !== false],
  popular: (record) => [record.popular],
  'githubRepo.user': (record) => [record.githubRepo?.user ?? null],
  'githubRepo.project': (record) => [record.githubRepo?.project ?? null],
};

/** Facet values are compared without regard to case: `author:Sindresorhus` finds `sindresorhus`. */
export function facetValue(value: string | boolean): string {
  return String(value).trim().toLowerCase();
}

export function facetEntries(record: SearchRecord): Array<{ attribute: string; value: string }> {
  const entries: Array<{ attribute: string; value: string }> = [];
  for (const [attribute, read] of Object.entries(FACET_ATTRIBUTES)) {
    for (const raw of new Set(read(record))) {
      if (raw === null || raw === '') continue;
      entries.push({ attribute, value: facetValue(raw) });
    }
  }
  return entries;
}

function parseOne(filter: string): FacetFilter {
  const colon = filter.indexOf(':');
  if (colon <= 0) throw new FacetFilterError(`Invalid facetFilters: "${filter}" is not of the form attribute:value`);
  const attribute = filter.slice(0, colon).trim().replace(/^"|"$/g, '');
  let value = filter
    .slice(colon + 1)
    .trim()
    .replace(/^"|"$/g, '');
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) value = value.slice(1);
  return { attribute, value, negated };
}

/** Accepts what a client sends: an array, a single string, or the JSON text of an array (from a `params` string). */
/**
 * Filters one query may carry, all groups together: each becomes a term of the SQL expression, and an
 * unbounded list would both hold the (synchronous) index for seconds and overflow SQLite's expression depth.
 */
export const MAX_FACET_FILTERS = 50;

export function parseFacetFilters(raw: unknown): FacetFilterGroups {
  const groups = parseFacetFilterGroups(raw);
  const count = groups.reduce((total, group) => total + group.length, 0);
  if (count > MAX_FACET_FILTERS) throw new FacetFilterError(`Too many facetFilters: at most ${MAX_FACET_FILTERS} in one query, got ${count}`);
  return groups;
}

function parseFacetFilterGroups(raw: unknown): FacetFilterGroups {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw === 'string') {
    const trimmed = raw.trim();
    if (trimmed.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        throw new FacetFilterError('Invalid facetFilters: not valid JSON');
      }
      return parseFacetFilterGroups(parsed);
    }
    // A plain string may hold several comma-separated filters (Algolia's legacy form), all ANDed.
    return trimmed
      .split(',')
      .filter(Boolean)
      .map((part) => [parseOne(part)]);
  }
  if (!Array.isArray(raw)) throw new FacetFilterError('Invalid facetFilters: expected a string or an array');
  return raw.map((item): FacetFilter[] => {
    if (typeof item === 'string') return [parseOne(item)];
    if (Array.isArray(item)) {
      return item.map((inner) => {
        if (typeof inner !== 'string') throw new FacetFilterError('Invalid facetFilters: nested arrays must hold strings');
        return parseOne(inner);
      });
    }
    throw new FacetFilterError('Invalid facetFilters: items must be strings or arrays of strings');
  });
}

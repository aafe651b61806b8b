import { edgeActive, filterItems, indexOfValue, matchesFilter, moveActive, type DropdownItem } from './dropdownModel';

const ITEMS: DropdownItem[] = [
  { value: 'static', label: 'Static' },
  { value: 'patch', label: 'Latest Patch' },
  { separator: true },
  { value: '3.7.1', label: '3.7.1' },
  { value: '3.7.0', label: '3.7.0', disabled: true },
  { value: '2.2.4', label: '2.2.4' },
  { separator: true },
];

describe('matchesFilter', () => {
  it('needs every space-separated word as a case-insensitive substring, in any order', () => {
    expect(matchesFilter('Latest Patch', 'patch')).toBe(true);
    expect(matchesFilter('Latest Patch', 'PAT lat')).toBe(true);
    expect(matchesFilter('Latest Patch', 'latest minor')).toBe(false);
    expect(matchesFilter('United States', '  united   st ')).toBe(true);
  });

  it('matches everything with an empty filter', () => {
    expect(matchesFilter('anything', '')).toBe(true);
    expect(matchesFilter('anything', '   ')).toBe(true);
  });
});

describe('filterItems', () => {
  it('keeps all items, separators included, without a filter', () => {
    expect(filterItems(ITEMS, '')).toEqual(ITEMS);
  });

  it('keeps only matching options and drops separators with a filter', () => {
    expect(filterItems(ITEMS, '3.7')).toEqual([
      { value: '3.7.1', label: '3.7.1' },
      { value: '3.7.0', label: '3.7.0', disabled: true },
    ]);
    expect(filterItems(ITEMS, 'nothing like it')).toEqual([]);
  });
});

describe('moveActive', () => {
  it('skips separators and disabled options', () => {
    expect(moveActive(ITEMS, 1, 1)).toBe(3);
    expect(moveActive(ITEMS, 3, 1)).toBe(5);
    expect(moveActive(ITEMS, 5, -1)).toBe(3);
    expect(moveActive(ITEMS, 3, -1)).toBe(1);
  });

  it('stays on the first and last options', () => {
    expect(moveActive(ITEMS, 0, -1)).toBe(0);
    expect(moveActive(ITEMS, 5, 1)).toBe(5);
  });

  it('starts from the first or the last option when none is active', () => {
    expect(moveActive(ITEMS, -1, 1)).toBe(0);
    expect(moveActive(ITEMS, -1, -1)).toBe(5);
  });

  it('finds nothing in a list without selectable options', () => {
    expect(moveActive([{ separator: true }], -1, 1)).toBe(-1);
    expect(edgeActive([], 'first')).toBe(-1);
  });
});

it('finds the index of a value', () => {
  expect(indexOfValue(ITEMS, '2.2.4')).toBe(5);
  expect(indexOfValue(ITEMS, 'missing')).toBe(-1);
  expect(indexOfValue(ITEMS, null)).toBe(-1);
  expect(edgeActive(ITEMS, 'last')).toBe(5);
});

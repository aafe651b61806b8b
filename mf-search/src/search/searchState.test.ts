import { readSearchState, toggleStyle, toggleType, withQuery, writeSearchState } from './searchState';

test('reads the search from the address and ignores values it does not know', () => {
  expect(readSearchState(new URLSearchParams('query=react&page=3&type=esm&style=styles&docs=gh'))).toEqual({
    query: 'react',
    page: 3,
    type: 'esm',
    style: 'styles',
  });
  expect(readSearchState(new URLSearchParams('page=-2&type=wasm&style=css'))).toEqual({ query: '', page: 0, type: undefined, style: undefined });
});

test('writes only what differs from the defaults and keeps the other parameters', () => {
  const written = writeSearchState(new URLSearchParams('docs=gh&page=4'), { query: 'vue', page: 0, type: 'cjs' });
  expect(written.toString()).toBe('docs=gh&query=vue&type=cjs');
});

test('a new query resets the page; the same query keeps it', () => {
  const state = { query: 'react', page: 4 };
  expect(withQuery(state, 'reac')).toEqual({ query: 'reac', page: 0 });
  expect(withQuery(state, 'react')).toBe(state);
});

test('filter buttons toggle, and clicking the active one clears it', () => {
  const state = { query: 'x', page: 2 };
  const esm = toggleType(state, 'esm');
  expect(esm).toEqual({ query: 'x', page: 0, type: 'esm' });
  expect(toggleType(esm, 'cjs').type).toBe('cjs');
  expect(toggleType(esm, 'esm').type).toBeUndefined();
  expect(toggleStyle(toggleStyle(state)).style).toBeUndefined();
  expect(toggleStyle(state).style).toBe('styles');
});

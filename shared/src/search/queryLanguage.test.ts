import { buttonFilterTerms, facetFiltersFor, parseQuery } from './queryLanguage';

describe('the query mini-language', () => {
  test('free text alone has no filters', () => {
    expect(parseQuery('  react   router ')).toEqual({ text: 'react router', facetFilters: [] });
  });

  test('author, type and style become facet filters on the index attributes', () => {
    expect(parseQuery('router author:remix-run type:esm style:css')).toEqual({
      text: 'router',
      facetFilters: ['owner.name:remix-run', 'moduleTypes:esm', 'styleTypes:css'],
    });
  });

  test('the author link shape, with a space after the colon, filters by owner', () => {
    expect(parseQuery('author: sindresorhus')).toEqual({ text: '', facetFilters: ['owner.name:sindresorhus'] });
  });

  test('a negated value is kept as an exclusion', () => {
    expect(parseQuery('grid style:-none').facetFilters).toEqual(['styleTypes:-none']);
  });

  test('keys are case-insensitive and quoted values lose their quotes', () => {
    expect(parseQuery('Author:"facebook" x').facetFilters).toEqual(['owner.name:facebook']);
  });

  test('unknown keys and colons inside words stay free text', () => {
    expect(parseQuery('vue:3 http://x')).toEqual({ text: 'vue:3 http://x', facetFilters: [] });
  });
});

describe('the filter buttons', () => {
  test.each([
    [{ type: 'esm' as const }, ['type:esm']],
    [{ type: 'cjs' as const }, ['type:cjs']],
    [{ type: 'js' as const }, ['type:-none']],
    [{ style: 'styles' as const }, ['style:-none']],
    [{ type: 'esm' as const, style: 'styles' as const }, ['type:esm', 'style:-none']],
    [{}, []],
  ])('%j adds %j', (filters, terms) => {
    expect(buttonFilterTerms(filters)).toEqual(terms);
  });

  test('combine with the typed filters without repeating one', () => {
    expect(facetFiltersFor('lodash type:esm', { type: 'esm', style: 'styles' })).toEqual({
      text: 'lodash',
      facetFilters: ['moduleTypes:esm', 'styleTypes:-none'],
    });
  });
});

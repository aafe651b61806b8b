/** Search hits and answers for the component tests (the client itself is tested in shared). */
import type { SearchHit, SearchPage } from '@skylift/shared/search';

export function hit(name: string, extra: Partial<SearchHit> = {}): SearchHit {
  return {
    objectID: name,
    name,
    description: `${name} description`,
    version: '1.0.0',
    license: 'MIT',
    keywords: [],
    owner: { name: 'octo', avatar: '', link: '' },
    moduleTypes: ['cjs'],
    styleTypes: ['none'],
    jsDelivrHits: 0,
    ...extra,
  };
}

export function answer(
  query: string,
  hits: SearchHit[],
  { page = 0, nbPages = hits.length ? 1 : 0, nbHits = hits.length, nbHitsExact = true } = {},
): SearchPage {
  return { query, hits, page, nbPages, nbHits, nbHitsExact };
}

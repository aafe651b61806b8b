/** The page of a package that does not exist: the catalogue's sentence, packages of similar names from the search, and the search for the name. */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import * as shared from '@skylift/shared';
import * as search from '@skylift/shared/search';
import type { SearchHit } from '@skylift/shared/search';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { NotFoundNotice } from './PackageNotices';

jest.mock('@skylift/shared/search', () => ({ ...jest.requireActual('@skylift/shared/search'), searchPackages: jest.fn() }));
const searchApi = search as jest.Mocked<typeof search>;

const hit = (name: string, description = ''): SearchHit => ({ name, description }) as SearchHit;

beforeEach(() => {
  shared.setRuntimeConfig(testRuntimeConfig());
  searchApi.searchPackages.mockReset();
});

test('names the missing package, then the packages the search finds for its words, each linked to its page', async () => {
  searchApi.searchPackages.mockResolvedValue({
    hits: [hit('this-does-not-exist'), hit('does-exist', 'It does.'), hit('this-does-not-exist-xyz')],
    nbHits: 3,
    nbHitsExact: true,
    nbPages: 1,
    page: 0,
    query: 'this does not exist xyz',
  });
  render(
    <MemoryRouter>
      <NotFoundNotice pkg={{ type: 'npm', name: 'this-does-not-exist-xyz' }} />
    </MemoryRouter>,
  );
  expect(
    screen.getByText(/Package this-does-not-exist-xyz was not found\. Please retry in a few minutes and if the problem persists, file an issue on GitHub\./),
  ).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Packages with similar names' });
  expect(Array.from(list.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['this-does-not-exist', '/package/npm/this-does-not-exist'],
    ['does-exist', '/package/npm/does-exist'],
  ]);
  expect(list).toHaveTextContent('It does.');
  expect(searchApi.searchPackages).toHaveBeenCalledWith(testRuntimeConfig().search, { query: 'this does not exist xyz', hitsPerPage: 6 });
  expect(screen.getByRole('link', { name: 'Search for “this-does-not-exist-xyz”' })).toHaveAttribute('href', '/?query=this-does-not-exist-xyz');
});

test('without an answer from the search, the way to the search stays', async () => {
  searchApi.searchPackages.mockRejectedValue(new Error('search is down'));
  render(
    <MemoryRouter>
      <NotFoundNotice pkg={{ type: 'npm', name: 'missing-lib' }} />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('link', { name: 'Search for “missing-lib”' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Packages with similar names' })).toBeNull();
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { searchPackages, type SearchPage } from '@skylift/shared/search';
import { HomePage } from '../pages/HomePage';
import { answer, hit } from '../testing/searchDoubles';

jest.mock('@skylift/shared/search', () => ({
  ...jest.requireActual('@skylift/shared/search'),
  searchPackages: jest.fn(),
}));
jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getNetworkStats: jest.fn(() => new Promise(() => {})),
  getTopPackages: jest.fn(async () => ({ items: [], totalCount: 0, totalPages: 0 })),
}));

const search = searchPackages as jest.MockedFunction<typeof searchPackages>;
const location = { current: '' };
const scrolled = jest.fn();

function LocationProbe() {
  const { search: query } = useLocation();
  location.current = query;
  return null;
}

function renderHome(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <HomePage />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const params = () => new URLSearchParams(location.current);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search all npm packages' });

beforeEach(() => {
  setRuntimeConfig(testRuntimeConfig());
  search.mockReset();
  scrolled.mockReset();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => resetRuntimeConfig());

test('typing a query shows its hits in place of the landing sections, with everything a hit tells', async () => {
  const keywords = Array.from({ length: 20 }, (_, i) => `kw${i}`);
  search.mockImplementation(async (_config, { query }) =>
    answer(query, [
      hit('react', {
        owner: { name: 'facebook', avatar: '' },
        keywords,
        jsDelivrHits: 1_234_567,
        moduleTypes: ['esm', 'cjs'],
        styleTypes: ['css'],
        version: '19.0.0',
      }),
    ]),
  );
  renderHome();
  expect(screen.getByTestId('home-landing')).toBeInTheDocument();

  await userEvent.type(searchBox(), 'react');
  // A slow machine may show the answer to a shorter query first: wait for the one the address names.
  await waitFor(() => expect(params().get('query')).toBe('react'));
  await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ query: 'react' })));
  const card = await screen.findByTestId('search-hit');
  expect(screen.queryByTestId('home-landing')).not.toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'react' })).toHaveAttribute('href', '/package/npm/react');
  expect(within(card).getByRole('link', { name: 'facebook' })).toHaveAttribute('href', '/?query=author%3A%20facebook');
  expect(within(card).getByText('v19.0.0')).toBeInTheDocument();
  expect(within(card).getByText('1.2M')).toBeInTheDocument();
  expect(within(card).getByText('ESM')).toBeInTheDocument();
  expect(within(card).getByText('CSS')).toBeInTheDocument();
  expect(within(within(card).getByRole('list', { name: 'Keywords' })).getAllByRole('listitem')).toHaveLength(15);
  expect(search).toHaveBeenLastCalledWith(expect.anything(), { query: 'react', page: 0, hitsPerPage: 10, filters: { type: undefined, style: undefined } });
  expect(scrolled).toHaveBeenCalled();
});

test('an empty query clears the results and shows the landing sections again', async () => {
  search.mockImplementation(async (_config, { query }) => answer(query, [hit('vue')]));
  renderHome('/?query=vue');
  await screen.findByTestId('search-hit');
  await userEvent.clear(searchBox());
  expect(await screen.findByTestId('home-landing')).toBeInTheDocument();
  expect(screen.queryByTestId('search-hit')).not.toBeInTheDocument();
  expect(params().get('query')).toBeNull();
});

test('the count of hits, said to be approximate where the search service only estimated it', async () => {
  search.mockImplementation(async (_config, { query }) =>
    query === 'react'
      ? answer(query, [hit('react')], { nbPages: 20, nbHits: 1234 })
      : answer(query, [hit('a')], { nbPages: 100, nbHits: 1_500_000, nbHitsExact: false }),
  );
  renderHome('/?query=react');
  expect(await screen.findByText(/packages found/)).toHaveTextContent(/^1[\s\u00a0]?234 packages found · page 1 of 20$/);
  await userEvent.clear(searchBox());
  await userEvent.type(searchBox(), 'a');
  expect(await screen.findByText(/^About /)).toHaveTextContent(/^About 1[\s\u00a0]?500[\s\u00a0]?000 packages found/);
});

test('a query without hits says No results found', async () => {
  search.mockImplementation(async (_config, { query }) => answer(query, []));
  renderHome('/?query=zzzz-nothing');
  expect(await screen.findByText('No results found')).toBeInTheDocument();
});

test('a failed search says so instead of showing nothing', async () => {
  search.mockRejectedValue(new Error('Unreachable hosts.'));
  renderHome('/?query=react');
  expect(await screen.findByRole('alert')).toHaveTextContent('The search failed.');
});

test('filter buttons toggle, the active one clears on a second click, and each starts from the first page', async () => {
  search.mockImplementation(async (_config, { query }) => answer(query, [hit('lodash')], { nbPages: 9, nbHits: 90 }));
  renderHome('/?query=lodash&page=4');
  await screen.findByTestId('search-hit');

  const esm = screen.getByRole('button', { name: 'ESM' });
  await userEvent.click(esm);
  expect(esm).toHaveAttribute('aria-pressed', 'true');
  expect(params().get('type')).toBe('esm');
  expect(params().get('page')).toBeNull();
  await waitFor(() =>
    expect(search).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ page: 0, filters: { type: 'esm', style: undefined } })),
  );

  await userEvent.click(screen.getByRole('button', { name: 'CJS' }));
  expect(params().get('type')).toBe('cjs');
  expect(esm).toHaveAttribute('aria-pressed', 'false');

  await userEvent.click(screen.getByRole('button', { name: 'CJS' }));
  expect(params().get('type')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Styles' }));
  expect(params().get('style')).toBe('styles');
  await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ filters: { type: undefined, style: 'styles' } })));
  await userEvent.click(screen.getByRole('button', { name: 'Styles' }));
  expect(params().get('style')).toBeNull();
});

test('the pager shows a window of 5 pages, hides Previous on the first page and Next on the last, and paging brings the results’ top into view', async () => {
  search.mockImplementation(async (_config, { query, page = 0 }) => answer(query, [hit(`pkg-${page}`)], { page, nbPages: 20, nbHits: 200 }));
  renderHome('/?query=pkg');
  await screen.findByText('pkg-0');
  const pager = () => screen.getByRole('navigation', { name: 'Search result pages' });
  expect(within(pager()).queryByRole('button', { name: /Previous/ })).not.toBeInTheDocument();
  expect(
    within(pager())
      .getAllByRole('button', { name: /^Page/ })
      .map((b) => b.textContent),
  ).toEqual(['1', '2', '3', '4', '5']);
  expect(within(pager()).getByRole('button', { name: /Next/ })).toBeInTheDocument();

  scrolled.mockClear();
  await userEvent.click(within(pager()).getByRole('button', { name: 'Page 4' }));
  await screen.findByText('pkg-3');
  expect(params().get('page')).toBe('3');
  expect(
    within(pager())
      .getAllByRole('button', { name: /^Page/ })
      .map((b) => b.textContent),
  ).toEqual(['2', '3', '4', '5', '6']);
  expect(within(pager()).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
  // The pager sits at the bottom: the new page is read from its top, not from the search box above.
  await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
  expect(scrolled.mock.contexts[0]).toBe(screen.getByTestId('search-results'));

  await userEvent.click(within(pager()).getByRole('button', { name: /Previous/ }));
  await screen.findByText('pkg-2');
  expect(params().get('page')).toBe('2');
});

test('a type filter with an empty query lists the packages that match it, in place of the landing sections', async () => {
  search.mockImplementation(async (_config, { query }) => answer(query, [hit('popular-esm')]));
  renderHome();
  expect(screen.getByTestId('home-landing')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'ESM' }));
  expect(await screen.findByText('popular-esm')).toBeInTheDocument();
  expect(search).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ query: '', filters: { type: 'esm', style: undefined } }));
  expect(screen.queryByTestId('home-landing')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'ESM' }));
  expect(await screen.findByTestId('home-landing')).toBeInTheDocument();
});

test('on the last page Next is hidden', async () => {
  search.mockImplementation(async (_config, { query, page = 0 }) => answer(query, [hit(`pkg-${page}`)], { page, nbPages: 20, nbHits: 200 }));
  renderHome('/?query=pkg&page=19');
  await screen.findByText('pkg-19');
  const pager = screen.getByRole('navigation', { name: 'Search result pages' });
  expect(within(pager).queryByRole('button', { name: /Next/ })).not.toBeInTheDocument();
  expect(
    within(pager)
      .getAllByRole('button', { name: /^Page/ })
      .map((b) => b.textContent),
  ).toEqual(['16', '17', '18', '19', '20']);
});

test('a page past the last one shows the last page, and the address is corrected to name it', async () => {
  // The search service answers a page past its last one with no hits, echoing the page asked for.
  search.mockImplementation(async (_config, { query, page = 0 }) => answer(query, page < 3 ? [hit(`${query}-${page}`)] : [], { page, nbPages: 3, nbHits: 27 }));
  renderHome('/?query=jquery&page=50');
  expect(await screen.findByText('jquery-2')).toBeInTheDocument();
  expect(params().get('page')).toBe('2');
  expect(params().get('query')).toBe('jquery');
  expect(screen.getByText(/page 3 of 3/)).toBeInTheDocument();
  expect(screen.queryByText(/page 51/)).not.toBeInTheDocument();
  const pager = screen.getByRole('navigation', { name: 'Search result pages' });
  expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
});

test('a page past the end of a search without hits goes back to the first page', async () => {
  search.mockImplementation(async (_config, { query, page = 0 }) => answer(query, [], { page, nbPages: 0, nbHits: 0 }));
  renderHome('/?query=nothing-like-it&page=4');
  expect(await screen.findByText('No results found')).toBeInTheDocument();
  await waitFor(() => expect(params().get('page')).toBeNull());
});

test('a new query starts again from the first page', async () => {
  search.mockImplementation(async (_config, { query, page = 0 }) => answer(query, [hit(`${query}-${page}`)], { page, nbPages: 20, nbHits: 200 }));
  renderHome('/?query=pkg&page=5');
  await screen.findByText('pkg-5');
  await userEvent.type(searchBox(), 's');
  await screen.findByText('pkgs-0');
  expect(params().get('page')).toBeNull();
});

test('a late answer to an older query is ignored', async () => {
  const pending = new Map<string, (page: SearchPage) => void>();
  search.mockImplementation((_config, { query }) => new Promise((resolve) => pending.set(query, resolve)));
  renderHome('/?query=rea');
  await waitFor(() => expect(pending.has('rea')).toBe(true));
  await userEvent.type(searchBox(), 'ct');
  await waitFor(() => expect(pending.has('react')).toBe(true));

  await act(async () => pending.get('react')!(answer('react', [hit('react')])));
  expect(await screen.findByText('react')).toBeInTheDocument();
  await act(async () => pending.get('rea')!(answer('rea', [hit('rea-stale')])));
  expect(screen.queryByText('rea-stale')).not.toBeInTheDocument();
  expect(screen.getByText('react')).toBeInTheDocument();
});

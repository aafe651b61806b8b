/** /oss-cdn and /oss-cdn/{name} against mocked data API answers. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import * as shared from '@skylift/shared';
import type { ProxyStats } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { providePeriods } from '@skylift/shared/stores';
import { OssCdnPage } from './OssCdnPage';
import { OssCdnProjectPage } from './OssCdnProjectPage';
import { remotePagesOf, matchRoute } from '@skylift/shared/pages';
import { pages } from './index';

jest.mock('@skylift/shared', () => ({ ...jest.requireActual('@skylift/shared'), getProxyStats: jest.fn(), getProxyFiles: jest.fn() }));
jest.mock('@skylift/shared/charts', () => ({
  ...jest.requireActual('@skylift/shared/charts'),
  Chart: ({ label }: { label: string }) => <div data-testid="chart">{label}</div>,
}));

const api = shared as jest.Mocked<typeof shared>;

const stats = (hits: number, bandwidth: number, prevHits = 0, dates: Record<string, number> = { '2026-11-01': hits }): ProxyStats => ({
  hits: { total: hits, dates, prev: { total: prevHits } },
  bandwidth: { total: bandwidth, dates: Object.fromEntries(Object.entries(dates).map(([day, value]) => [day, value * 10])), prev: { total: 0 } },
  links: { files: '' },
});

beforeEach(() => {
  // The period dropdown's list, which its first render would otherwise download.
  providePeriods([]);
  shared.setRuntimeConfig(testRuntimeConfig());
  shared.clearHttpCache();
  jest.clearAllMocks();
  api.getProxyFiles.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
});

function Address() {
  return <output data-testid="address">{useLocation().pathname}</output>;
}

/** Every card on /oss-cdn has its figures: none shows its loading mark any more. */
const cardsSettled = () => waitFor(() => expect(screen.queryAllByText('…')).toHaveLength(0));

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/oss-cdn" element={<OssCdnPage />} />
        <Route path="/oss-cdn/:name" element={<OssCdnProjectPage />} />
      </Routes>
    </MemoryRouter>,
  );

test('/oss-cdn shows the six endpoints with last month’s requests and bandwidth in GB and links to their pages', async () => {
  api.getProxyStats.mockImplementation(async (name) => (name === 'pyodide' ? stats(1234, 2_500_000_000) : stats(0, 0)));
  renderAt('/oss-cdn');
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'CocoaPods',
    'Ghost',
    'Pyodide',
    'MuseScore',
    'Fontsource',
    'Yocto',
    'Custom hosting for open source projects',
  ]);
  await waitFor(() => expect(api.getProxyStats).toHaveBeenCalledTimes(6));
  expect(api.getProxyStats.mock.calls.map(([name, period]) => `${name}:${period}`)).toEqual([
    'cocoa:month',
    'ghost:month',
    'pyodide:month',
    'musescore:month',
    'fontsource:month',
    'yocto-sstate:month',
  ]);
  const pyodide = screen.getByRole('article', { name: 'Pyodide' });
  expect(await within(pyodide).findByText('1 234')).toBeInTheDocument();
  expect(within(pyodide).getByText('2.5 GB')).toBeInTheDocument();
  expect(within(pyodide).getByText('http://127.0.0.1:9/cdn/pyodide/')).toBeInTheDocument();
  expect(within(pyodide).getByRole('link', { name: 'Pyodide full stats' })).toHaveAttribute('href', '/oss-cdn/pyodide');
  expect(within(screen.getByRole('article', { name: 'Yocto' })).getByRole('link', { name: 'Yocto full stats' })).toHaveAttribute('href', '/oss-cdn/yocto');
  // Every card ends with its figures: none is left loading.
  await cardsSettled();
  expect(within(screen.getByRole('article', { name: 'Yocto' })).getAllByText('0')).toHaveLength(1);
});

test('a card whose statistics fail says so and keeps its links', async () => {
  api.getProxyStats.mockRejectedValue({ status: 500, message: 'Internal error.' });
  renderAt('/oss-cdn');
  const card = screen.getByRole('article', { name: 'CocoaPods' });
  expect(await within(card).findByText('The statistics could not be loaded: Internal error.')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://cocoapods.org');
  // Each card fails on its own and says so.
  await waitFor(() => expect(screen.getAllByText('The statistics could not be loaded: Internal error.')).toHaveLength(6));
});

test('a project page: quarter and requests by default, summary with growth, titled chart, top files', async () => {
  api.getProxyStats.mockResolvedValue(stats(300, 3000, 200));
  api.getProxyFiles.mockResolvedValue({
    items: [{ name: '/v0.27.7/full/pyodide.js', hits: { total: 250 }, bandwidth: { total: 2500 } }],
    totalCount: 1,
    totalPages: 1,
  });
  renderAt('/oss-cdn/pyodide');
  expect(screen.getByRole('heading', { level: 1, name: 'Pyodide' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Stats for last quarter' })).toBeInTheDocument();
  expect(api.getProxyStats).toHaveBeenCalledWith('pyodide', 'quarter');
  expect(screen.getByText('300')).toBeInTheDocument();
  expect(screen.getAllByText('compared with the previous period', { exact: false })[0]).toHaveTextContent('+50% compared with the previous period');
  expect(screen.getByTestId('chart')).toHaveTextContent('Requests by day');
  expect(await screen.findByText('/v0.27.7/full/pyodide.js')).toBeInTheDocument();
  expect(api.getProxyFiles).toHaveBeenLastCalledWith('pyodide', { period: 'quarter', by: 'hits', limit: 10, page: 1 });
  expect(screen.getByRole('button', { name: 'Requests' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('link', { name: 'Explore all custom endpoints' })).toHaveAttribute('href', '/oss-cdn');
});

test('switching to bandwidth reloads the top files by bandwidth, from page 1', async () => {
  api.getProxyStats.mockResolvedValue(stats(300, 3000));
  api.getProxyFiles.mockResolvedValue({ items: [{ name: '/a.js', hits: { total: 1 }, bandwidth: { total: 1000 } }], totalCount: 120, totalPages: 12 });
  renderAt('/oss-cdn/pyodide');
  await screen.findByText('/a.js');
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(api.getProxyFiles).toHaveBeenLastCalledWith('pyodide', { period: 'quarter', by: 'hits', limit: 10, page: 3 }));
  // The pager comes back with the page's files, after the request.
  expect((await screen.findAllByRole('button', { name: /^Page \d+$/ })).map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
  fireEvent.click(screen.getByRole('button', { name: 'Bandwidth' }));
  await waitFor(() => expect(api.getProxyFiles).toHaveBeenLastCalledWith('pyodide', { period: 'quarter', by: 'bandwidth', limit: 10, page: 1 }));
  expect(await screen.findByText('1 kB')).toBeInTheDocument();
  expect(screen.getByRole('columnheader', { name: 'Bandwidth' })).toBeInTheDocument();
});

test('group by offers month only for a year and goes back to day when new figures arrive', async () => {
  api.getProxyStats.mockResolvedValue(stats(10, 100, 0, { '2026-01-05': 4, '2026-02-10': 6 }));
  renderAt('/oss-cdn/pyodide');
  await screen.findByTestId('chart');
  const groupBy = () => screen.getByRole('button', { name: /^Group by:/ });
  fireEvent.click(groupBy());
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Day', 'Week']);
  fireEvent.click(screen.getByRole('option', { name: 'Week' }));
  expect(screen.getByTestId('chart')).toHaveTextContent('Requests by week');
  fireEvent.click(screen.getByRole('button', { name: /^Data range:/ }));
  await act(async () => fireEvent.click(screen.getByRole('option', { name: 'year' })));
  expect(api.getProxyStats).toHaveBeenLastCalledWith('pyodide', 'year');
  await waitFor(() => expect(screen.getByTestId('chart')).toHaveTextContent('Requests by day'));
  expect(screen.getByRole('heading', { name: 'Stats for last year' })).toBeInTheDocument();
  fireEvent.click(groupBy());
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Day', 'Week', 'Month']);
});

test('no traffic: "No statistics yet" and the not-very-popular line', async () => {
  api.getProxyStats.mockResolvedValue(stats(0, 0));
  renderAt('/oss-cdn/musescore');
  expect(await screen.findByText('No statistics yet', { selector: 'strong' })).toBeInTheDocument();
  expect(screen.getByText('This is probably not a very popular package :(')).toBeInTheDocument();
  expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
});

test('an unknown endpoint is no page of ours: the site answers it with its 404', () => {
  const declared = remotePagesOf(pages);
  for (const name of ['nope', 'pyodide2', 'cocoapods-x']) expect(matchRoute(`/oss-cdn/${name}`, [declared])).toBeNull();
  expect(matchRoute('/oss-cdn/pyodide', [declared])).not.toBeNull();
});

test('CocoaPods is /oss-cdn/cocoa, its name at the CDN and in the statistics; /oss-cdn/cocoapods leads there', async () => {
  api.getProxyStats.mockResolvedValue(stats(5, 50));
  const declared = remotePagesOf(pages);
  expect(matchRoute('/oss-cdn/cocoa', [declared])).not.toBeNull();
  expect(matchRoute('/oss-cdn/cocoapods', [declared])).not.toBeNull();

  renderAt('/oss-cdn');
  const card = screen.getByRole('article', { name: 'CocoaPods' });
  expect(within(card).getByRole('link', { name: 'CocoaPods full stats' })).toHaveAttribute('href', '/oss-cdn/cocoa');
  await cardsSettled();
  expect(within(card).getByText('5')).toBeInTheDocument();
});

test.each(['/oss-cdn/cocoa', '/oss-cdn/cocoapods'])('%s shows the CocoaPods page under /oss-cdn/cocoa', async (path) => {
  api.getProxyStats.mockResolvedValue(stats(5, 50));
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/oss-cdn/:name" element={<OssCdnProjectPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'CocoaPods' })).toBeInTheDocument();
  expect(screen.getByTestId('address')).toHaveTextContent(/^\/oss-cdn\/cocoa$/);
  await waitFor(() => expect(api.getProxyStats).toHaveBeenCalledWith('cocoa', expect.anything()));
});

test('every endpoint shows its address; one without an upstream says it serves nothing yet; no bandwidth reads "0 B"', async () => {
  api.getProxyStats.mockResolvedValue(stats(0, 0));
  renderAt('/oss-cdn');
  const musescore = screen.getByRole('article', { name: 'MuseScore' });
  expect(within(musescore).getByText('http://127.0.0.1:9/cdn/musescore/')).toBeInTheDocument();
  expect(musescore).toHaveTextContent('it serves files once this deployment names the project’s file host');
  expect(await within(musescore).findByText('0 B')).toBeInTheDocument();
  expect(within(musescore).queryByText('0 GB')).toBeNull();
  expect(within(screen.getByRole('article', { name: 'Fontsource' })).getByText('http://127.0.0.1:9/cdn/fontsource/')).toBeInTheDocument();
  await cardsSettled();
});

/** /statistics against mocked data API answers: the three sections and the rules. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import * as shared from '@skylift/shared';
import type { NetworkCountryStats, NetworkStats, ProviderSeries, ShareRow } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { providePeriods } from '@skylift/shared/stores';
import * as providers from '../statistics/providers';
import { StatisticsPage } from './StatisticsPage';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getNetworkStats: jest.fn(),
  getNetworkCountries: jest.fn(),
  getShareStats: jest.fn(),
  getTopPackages: jest.fn(),
  loadPeriods: jest.fn(() => Promise.resolve()),
}));
jest.mock('../statistics/providers', () => ({ ...jest.requireActual('../statistics/providers'), getProviderCache: jest.fn() }));
jest.mock('@skylift/shared/charts', () => ({
  ...jest.requireActual('@skylift/shared/charts'),
  Chart: ({ label }: { label: string }) => <div data-testid="chart">{label}</div>,
  WorldMap: ({ values, emptyText }: { values?: Record<string, number>; emptyText: string }) => (
    <div data-testid="map">{values === undefined ? 'loading' : Object.values(values).some((v) => v > 0) ? JSON.stringify(values) : emptyText}</div>
  ),
}));

const api = shared as jest.Mocked<typeof shared>;
const cache = providers as jest.Mocked<typeof providers>;

const series = (code: string, name: string, total: number, prev: number): ProviderSeries => ({
  code,
  name,
  total,
  prev: { total: prev },
  dates: { '2026-11-01': { total } },
});
const network = (list: ProviderSeries[]): NetworkStats => {
  const total = list.reduce((n, p) => n + p.total, 0);
  const prev = list.reduce((n, p) => n + p.prev.total, 0);
  return {
    hits: { total, providers: list, prev: { total: prev } },
    bandwidth: {
      total: total * 1000,
      providers: list.map((p) => ({ ...p, total: p.total * 1000, prev: { total: p.prev.total * 1000 } })),
      prev: { total: prev * 1000 },
    },
  };
};
const countries: NetworkCountryStats = {
  hits: {
    total: 30,
    prev: { total: 0 },
    countries: [
      {
        code: 'DE',
        name: 'Germany',
        total: 20,
        prev: { total: 0 },
        providers: [
          { code: 'OR', name: 'Origin', total: 15 },
          { code: 'CF', name: 'Cloudflare', total: 5 },
        ],
      },
      { code: 'US', name: 'United States', total: 10, prev: { total: 0 }, providers: [{ code: 'CF', name: 'Cloudflare', total: 10 }] },
    ],
  },
  bandwidth: { total: 0, prev: { total: 0 }, countries: [] },
};
const share = (name: string, value: number, extra: Partial<ShareRow> = {}): ShareRow => ({
  name,
  share: value,
  prev: { share: value - 1 },
  links: {},
  ...extra,
});

beforeEach(() => {
  // The period dropdown's list, which its first render would otherwise download.
  providePeriods([]);
  shared.setRuntimeConfig(testRuntimeConfig());
  jest.clearAllMocks();
  api.getNetworkStats.mockResolvedValue(network([series('OR', 'Origin', 300, 200), series('CF', 'Cloudflare', 100, 0)]));
  api.getNetworkCountries.mockResolvedValue(countries);
  cache.getProviderCache.mockResolvedValue([{ code: 'OR', name: 'Origin', cacheHitRate: 97.5 }]);
  api.getShareStats.mockImplementation(async (kind, path = []) => {
    const items =
      path.length === 0
        ? kind === 'platforms'
          ? [share('Windows', 60), share('Linux', 40)]
          : [share('Chrome', 70), share('Firefox', 30)]
        : path[0] === 'versions'
          ? [share('Windows', 50, { version: '10' }), share('Windows', 10, { version: '11' })]
          : [share(`${path.join('/')} row`, 100, { country: 'DE' })];
    return { items, totalCount: items.length, totalPages: 1 };
  });
  api.getTopPackages.mockResolvedValue({
    items: [
      { type: 'npm', name: 'jquery', hits: 200, bandwidth: 5000, prev: { hits: 150, bandwidth: 5000 }, links: { self: '', versions: '' } },
      { type: 'gh', name: 'twbs/bootstrap', hits: 50, bandwidth: 100, prev: { hits: 0, bandwidth: 0 }, links: { self: '', versions: '' } },
    ],
    totalCount: 200,
    totalPages: 20,
  });
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <StatisticsPage />
    </MemoryRouter>,
  );
const section = (name: string) => screen.getByRole('region', { name });

test('the title, the data range and three sections, each with a settings toggle', async () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Statistics' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Data range: month' })).toBeInTheDocument();
  // The sections arrive in a chunk of their own.
  await screen.findByRole('region', { name: 'Global data' });
  for (const name of ['Global data', 'Network data', 'Projects statistics']) {
    const toggle = within(section(name)).getByRole('button', { name: `${name} settings` });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  }
  await screen.findByText('97.50%');
});

test('each settings toggle hides its section’s settings and shows them again', async () => {
  renderPage();
  await screen.findByRole('region', { name: 'Global data' });
  // One setting each section offers, found by what a visitor reads.
  const settingOf = {
    'Global data': () => within(section('Global data')).queryByRole('switch', { name: 'Compare with the previous period' }),
    'Network data': () => within(section('Network data')).queryByRole('switch', { name: 'Show provider breakdown' }),
    'Projects statistics': () => within(section('Projects statistics')).queryByRole('button', { name: /^Sort by:/ }),
  };
  for (const [name, setting] of Object.entries(settingOf)) {
    expect(setting()).toBeInTheDocument();
    const toggle = within(section(name)).getByRole('button', { name: `${name} settings` });
    fireEvent.click(toggle);
    expect(setting()).not.toBeInTheDocument();
    expect(within(section(name)).queryByTestId('section-settings')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(setting()).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-controls', within(section(name)).getByTestId('section-settings').id);
  }
});

test('global data: each provider with totals, growth and its measured cache hit rate', async () => {
  renderPage();
  const global = section('Global data');
  const origin = (await within(global).findByRole('heading', { name: 'Origin' })).closest('li')!;
  expect(within(origin as HTMLElement).getByText('300')).toBeInTheDocument();
  expect(within(origin as HTMLElement).getAllByText('+50%')).toHaveLength(2);
  expect(await within(origin as HTMLElement).findByText('97.50%')).toBeInTheDocument();
  const cloudflare = within(global).getByRole('heading', { name: 'Cloudflare' }).closest('li')!;
  expect(within(cloudflare as HTMLElement).getByText('Not measured yet')).toBeInTheDocument();
  expect(within(cloudflare as HTMLElement).getAllByText('new')).toHaveLength(2);
  expect(within(global).getByRole('heading', { name: 'All providers' })).toBeInTheDocument();
  fireEvent.click(within(global).getByRole('switch', { name: 'Compare with the previous period' }));
  expect(within(origin as HTMLElement).queryByText('+50%')).not.toBeInTheDocument();
});

test('provider switches: all on, the last one left on is disabled, no breakdown forces all on and disabled', async () => {
  renderPage();
  const net = section('Network data');
  const origin = await within(net).findByRole('switch', { name: 'Origin' });
  const cloudflare = within(net).getByRole('switch', { name: 'Cloudflare' });
  expect(origin).toHaveAttribute('aria-checked', 'true');
  expect(cloudflare).toHaveAttribute('aria-checked', 'true');
  await waitFor(() => expect(within(net).getByTestId('map')).toHaveTextContent('{"DE":20,"US":10}'));
  fireEvent.click(cloudflare);
  expect(cloudflare).toHaveAttribute('aria-checked', 'false');
  expect(origin).toBeDisabled();
  expect(within(net).getByTestId('map')).toHaveTextContent('{"DE":15,"US":0}');
  fireEvent.click(within(net).getByRole('switch', { name: 'Show provider breakdown' }));
  expect(origin).toHaveAttribute('aria-checked', 'true');
  expect(cloudflare).toHaveAttribute('aria-checked', 'true');
  expect(origin).toBeDisabled();
  expect(cloudflare).toBeDisabled();
  expect(within(net).getByTestId('chart')).toHaveTextContent('Requests over time');
  expect(within(net).getByTestId('map')).toHaveTextContent('{"DE":20,"US":10}');
});

test('the location filter: a continent clears the country and the other way round, Global clears both', async () => {
  renderPage();
  const net = section('Network data');
  await within(net).findByRole('switch', { name: 'Origin' });
  fireEvent.click(within(net).getByRole('button', { name: /^Continent:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Europe' }));
  await waitFor(() => expect(api.getNetworkStats).toHaveBeenLastCalledWith({ period: 'month', country: undefined, continent: 'EU' }));
  fireEvent.click(within(net).getByRole('button', { name: /^Country:/ }));
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
  const none = screen.getByRole('option', { name: 'No results found' });
  expect(none).toHaveAttribute('aria-disabled', 'true');
  fireEvent.change(screen.getByRole('combobox'), { target: { value: 'germ' } });
  fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
  await waitFor(() => expect(api.getNetworkStats).toHaveBeenLastCalledWith({ period: 'month', country: 'DE', continent: undefined }));
  expect(within(net).getByRole('button', { name: 'Continent: Global' })).toBeInTheDocument();
  fireEvent.click(within(net).getByRole('button', { name: /^Country:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Global' }));
  await waitFor(() => expect(api.getNetworkStats).toHaveBeenLastCalledWith({ period: 'month', country: undefined, continent: undefined }));
});

test('the continent list’s Global clears a chosen country, and the country list’s Global a chosen continent', async () => {
  renderPage();
  const net = section('Network data');
  await within(net).findByRole('switch', { name: 'Origin' });
  fireEvent.click(within(net).getByRole('button', { name: /^Country:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
  await waitFor(() => expect(api.getNetworkStats).toHaveBeenLastCalledWith({ period: 'month', country: 'DE', continent: undefined }));
  expect(within(net).getByRole('button', { name: 'Country: Germany' })).toBeInTheDocument();

  fireEvent.click(within(net).getByRole('button', { name: /^Continent:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Global' }));
  await waitFor(() => expect(api.getNetworkStats).toHaveBeenLastCalledWith({ period: 'month', country: undefined, continent: undefined }));
  expect(within(net).getByRole('button', { name: 'Country: Global' })).toBeInTheDocument();
  expect(within(net).getByRole('button', { name: 'Continent: Global' })).toBeInTheDocument();

  fireEvent.click(within(net).getByRole('button', { name: /^Continent:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Europe' }));
  await waitFor(() => expect(api.getNetworkStats).toHaveBeenLastCalledWith({ period: 'month', country: undefined, continent: 'EU' }));
  fireEvent.click(within(net).getByRole('button', { name: /^Country:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Global' }));
  await waitFor(() => expect(api.getNetworkStats).toHaveBeenLastCalledWith({ period: 'month', country: undefined, continent: undefined }));
  expect(within(net).getByRole('button', { name: 'Continent: Global' })).toBeInTheDocument();
});

test('no traffic at all: "No data" for the chart and the map', async () => {
  api.getNetworkStats.mockResolvedValue(network([]));
  api.getNetworkCountries.mockResolvedValue({
    hits: { total: 0, prev: { total: 0 }, countries: [] },
    bandwidth: { total: 0, prev: { total: 0 }, countries: [] },
  });
  renderPage();
  const net = section('Network data');
  expect(await within(net).findByText('No data', { selector: 'p' })).toBeInTheDocument();
  expect(within(net).getByTestId('map')).toHaveTextContent('No data');
  expect(within(section('Global data')).getByText('No data')).toBeInTheDocument();
});

test('Top platforms: selecting an item offers the breakdowns and disables Group versions; a country filter disables Country', async () => {
  renderPage();
  const platforms = (await screen.findByRole('table', { name: 'Top platforms' })).parentElement!;
  const group = within(platforms).getByRole('switch', { name: 'Group versions' });
  await within(platforms).findByText('Windows');
  expect(group).toBeEnabled();
  expect(api.getShareStats).toHaveBeenCalledWith('platforms', [], {
    period: 'month',
    country: undefined,
    continent: undefined,
    limit: 10,
    page: 1,
  });
  fireEvent.click(within(platforms).getByRole('button', { name: /Windows/ }));
  expect(group).toBeDisabled();
  expect(within(platforms).getByRole('button', { name: 'Breakdown: Country' })).toBeInTheDocument();
  await waitFor(() =>
    expect(api.getShareStats).toHaveBeenLastCalledWith('platforms', ['Windows', 'countries'], {
      period: 'month',
      country: undefined,
      continent: undefined,
      limit: 10,
    }),
  );
  fireEvent.click(within(platforms).getByRole('button', { name: 'Breakdown: Country' }));
  expect(screen.getAllByRole('option').map((o) => [o.textContent, o.getAttribute('aria-disabled')])).toEqual([
    ['Country', null],
    ['Browser', null],
    ['Version', null],
  ]);
  fireEvent.click(screen.getByRole('option', { name: 'Version' }));
  await waitFor(() => expect(api.getShareStats).toHaveBeenLastCalledWith('platforms', ['Windows', 'versions'], expect.anything()));
  // A country filter: Country is no longer offered, the chosen Version stays.
  const net = section('Network data');
  fireEvent.click(within(net).getByRole('button', { name: /^Country:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
  await waitFor(() => expect(api.getShareStats).toHaveBeenLastCalledWith('browsers', [], expect.objectContaining({ country: 'DE' })));
  fireEvent.click(within(platforms).getByRole('button', { name: 'Breakdown: Version' }));
  expect(screen.getByRole('option', { name: 'Country' })).toHaveAttribute('aria-disabled', 'true');
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  // Unselecting enables Group versions again.
  fireEvent.click(within(platforms).getByRole('button', { name: /Windows/, pressed: true }));
  expect(group).toBeEnabled();
  // The breakdown goes with the selection.
  await waitFor(() => expect(within(platforms).queryByRole('button', { name: /^Breakdown:/ })).not.toBeInTheDocument());
});

test('versions apart: only Country is offered, and a continent filter clears the selection', async () => {
  renderPage();
  const platforms = (await screen.findByRole('table', { name: 'Top platforms' })).parentElement!;
  await within(platforms).findByText('Windows');
  fireEvent.click(within(platforms).getByRole('switch', { name: 'Group versions' }));
  await waitFor(() => expect(api.getShareStats).toHaveBeenCalledWith('platforms', ['versions'], expect.anything()));
  fireEvent.click(await within(platforms).findByRole('button', { name: 'Windows 10' }));
  await waitFor(() => expect(api.getShareStats).toHaveBeenLastCalledWith('platforms', ['Windows', 'versions', '10', 'countries'], expect.anything()));
  fireEvent.click(within(platforms).getByRole('button', { name: 'Breakdown: Country' }));
  expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-disabled'))).toEqual([null, 'true', 'true']);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  const net = section('Network data');
  fireEvent.click(within(net).getByRole('button', { name: /^Continent:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Europe' }));
  await waitFor(() => expect(within(platforms).queryByRole('button', { name: /^Breakdown/ })).not.toBeInTheDocument());
  expect(await within(platforms).findByRole('button', { name: 'Windows 10' })).toBeDisabled();
});

test('most popular projects: links, interest, and page 1 again after any change of period, type, sort or size', async () => {
  renderPage();
  const projects = section('Projects statistics');
  expect(await within(projects).findByRole('link', { name: 'jquery' })).toHaveAttribute('href', '/package/npm/jquery');
  expect(within(projects).getByRole('link', { name: 'twbs/bootstrap' })).toHaveAttribute('href', '/package/gh/twbs/bootstrap');
  expect(within(projects).getByText('new')).toBeInTheDocument();
  expect(within(projects).queryByText('+100%')).toBeNull();
  expect(within(projects).getByText('+33%')).toBeInTheDocument();
  expect(api.getTopPackages).toHaveBeenLastCalledWith({ period: 'month', type: undefined, by: 'hits', limit: 10, page: 1 });
  const goToPage3 = async () => {
    fireEvent.click(await within(projects).findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.getTopPackages).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 })));
  };
  await goToPage3();
  fireEvent.click(within(projects).getByRole('button', { name: /^Type:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'npm' }));
  await waitFor(() => expect(api.getTopPackages).toHaveBeenLastCalledWith({ period: 'month', type: 'npm', by: 'hits', limit: 10, page: 1 }));
  await goToPage3();
  fireEvent.click(within(projects).getByRole('button', { name: /^Sort by:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Bandwidth' }));
  await waitFor(() => expect(api.getTopPackages).toHaveBeenLastCalledWith({ period: 'month', type: 'npm', by: 'bandwidth', limit: 10, page: 1 }));
  await goToPage3();
  fireEvent.click(within(projects).getByRole('button', { name: /per page:/ }));
  fireEvent.click(screen.getByRole('option', { name: '50' }));
  await waitFor(() => expect(api.getTopPackages).toHaveBeenLastCalledWith({ period: 'month', type: 'npm', by: 'bandwidth', limit: 50, page: 1 }));
  await goToPage3();
  fireEvent.click(screen.getByRole('button', { name: /^Data range:/ }));
  await act(async () => fireEvent.click(screen.getByRole('option', { name: 'year' })));
  await waitFor(() => expect(api.getTopPackages).toHaveBeenLastCalledWith({ period: 'year', type: 'npm', by: 'bandwidth', limit: 50, page: 1 }));
});

test('Top browsers are paged, and a new grouping starts again at page 1', async () => {
  api.getShareStats.mockImplementation(async (_kind, path = []) => ({
    items: [share(path.length ? 'Chrome' : 'Firefox', 50, path.length ? { version: '120' } : {})],
    totalCount: 30,
    totalPages: 3,
  }));
  renderPage();
  const browsers = (await screen.findByRole('table', { name: 'Top browsers' })).parentElement!;
  fireEvent.click(await within(browsers).findByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(api.getShareStats).toHaveBeenLastCalledWith('browsers', [], expect.objectContaining({ page: 2, limit: 10 })));
  fireEvent.click(within(browsers).getByRole('switch', { name: 'Group versions' }));
  await waitFor(() => expect(api.getShareStats).toHaveBeenLastCalledWith('browsers', ['versions'], expect.objectContaining({ page: 1, limit: 10 })));
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

test('the period is in the address: read from it on arrival, written to it on a choice, the default left out', async () => {
  providePeriods([{ period: '2026-10', periodType: 's-month', links: { network: '/n' } }]);
  render(
    <MemoryRouter initialEntries={['/statistics?period=2026-10']}>
      <StatisticsPage />
      <LocationProbe />
    </MemoryRouter>,
  );
  expect(screen.getByRole('button', { name: 'Data range: October 2026' })).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Global data' });
  expect(api.getNetworkStats).toHaveBeenCalledWith(expect.objectContaining({ period: '2026-10' }));
  expect(screen.getAllByText('Shares of requests in October 2026')).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: 'Data range: October 2026' }));
  fireEvent.click(screen.getByRole('option', { name: 'quarter' }));
  expect(screen.getByTestId('address')).toHaveTextContent('/statistics?period=quarter');
  fireEvent.click(screen.getByRole('button', { name: 'Data range: quarter' }));
  fireEvent.click(screen.getByRole('option', { name: 'month' }));
  expect(screen.getByTestId('address')).toHaveTextContent(/^\/statistics$/);
  await waitFor(() => expect(api.getShareStats).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), expect.objectContaining({ period: 'month' })));
});

test('a floating period is the days it names, in the share tables too: "month" is the last 30 days, not a calendar month', async () => {
  renderPage();
  await screen.findByRole('region', { name: 'Global data' });
  expect(screen.getAllByText('Shares of requests in the last 30 days')).toHaveLength(2);
  expect(screen.queryByText(/Shares of requests in \w+ \d{4}/)).toBeNull();
  await waitFor(() => expect(api.getShareStats).toHaveBeenCalledWith('platforms', expect.anything(), expect.objectContaining({ period: 'month' })));
});

test('WordPress plugins and themes are a type of their own, whose rows link to their directory page, not to a package page', async () => {
  api.getTopPackages.mockResolvedValue({
    items: [{ type: 'wp', name: 'plugins/wp-slimstat', hits: 20, bandwidth: 50, prev: { hits: 10, bandwidth: 50 }, links: { self: '', versions: '' } }],
    totalCount: 1,
    totalPages: 1,
  });
  renderPage();
  const projects = section('Projects statistics');
  expect(await within(projects).findByRole('link', { name: 'plugins/wp-slimstat' })).toHaveAttribute('href', 'https://wordpress.org/plugins/wp-slimstat/');
  fireEvent.click(within(projects).getByRole('button', { name: /^Type:/ }));
  fireEvent.click(screen.getByRole('option', { name: 'WordPress' }));
  await waitFor(() => expect(api.getTopPackages).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'wp', page: 1 })));
});

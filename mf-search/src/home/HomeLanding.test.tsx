import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  getNetworkStats,
  getTopPackages,
  resetRuntimeConfig,
  setRuntimeConfig,
  type NetworkStats as NetworkStatsAnswer,
  type TopPackage,
} from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { EsmDemo } from './EsmDemo';
import { loadTimeLabel, wasCached } from './esmDemo';
import { DEFAULT_SITE_CONTENT } from '@skylift/shared/config';
import { setSiteContent } from '@skylift/shared/stores';
import { KnownSites, KNOWN_SITES_FIRST } from './KnownSites';
import { SponsorLogos } from './SponsorLogos';
import { FIGURE_COUNT_MS, NetworkStats } from './NetworkStats';
import { NETWORK_REFRESH_MS } from './useLiveNetworkStats';
import { TopPackages } from './TopPackages';
import { UsageDocs } from './UsageDocs';
import { CustomEndpoints } from './CustomEndpoints';
import styles from './home.module.css';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getNetworkStats: jest.fn(),
  getTopPackages: jest.fn(),
}));

const networkStats = getNetworkStats as jest.MockedFunction<typeof getNetworkStats>;
const topPackages = getTopPackages as jest.MockedFunction<typeof getTopPackages>;
const location = { current: '' };
function LocationProbe() {
  location.current = useLocation().search;
  return null;
}
const inRouter = (node: React.ReactNode, path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      {node}
      <LocationProbe />
    </MemoryRouter>,
  );

beforeEach(() => setRuntimeConfig({ ...testRuntimeConfig(), cdnUrl: 'https://cdn.test' }));
afterEach(() => {
  resetRuntimeConfig();
  setSiteContent(DEFAULT_SITE_CONTENT);
  jest.useRealTimers();
});

test('the network figures show a placeholder with no figure until the 30-day totals arrive, then count to them', async () => {
  jest.useFakeTimers();
  let resolve: (stats: NetworkStatsAnswer) => void = () => {};
  networkStats.mockReturnValue(new Promise((r) => (resolve = r)));
  render(<NetworkStats />);
  expect(networkStats).toHaveBeenCalledWith({ period: 'month' }, { fresh: false });
  expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['…', '…']);
  expect(screen.getByTestId('network-stats')).toHaveAttribute('aria-busy', 'true');

  await act(async () =>
    resolve({ hits: { total: 1000, providers: [], prev: { total: 0 } }, bandwidth: { total: 2_000_000, providers: [], prev: { total: 0 } } }),
  );
  await act(async () => jest.advanceTimersByTime(1100));
  expect(screen.getByTestId('network-stats')).toHaveAttribute('data-loaded', 'true');
  expect(screen.getByText('1 000')).toBeInTheDocument();
  expect(screen.getByText('2 MB')).toBeInTheDocument();

  // Nothing moves while the total stays what it is: no figure other than the total is ever shown.
  for (let i = 0; i < 5; i += 1) {
    await act(async () => jest.advanceTimersByTime(1400));
    expect(screen.getByText('1 000')).toBeInTheDocument();
  }
});

const totals = (hits: number): NetworkStatsAnswer => ({
  hits: { total: hits, providers: [], prev: { total: 0 } },
  bandwidth: { total: hits * 1000, providers: [], prev: { total: 0 } },
});
const requestsShown = () => Number(screen.getAllByRole('definition')[0]!.textContent!.replace(/\s/g, ''));

test('the figures follow real growth: read again every minute, they count on from the figure shown to the new total, never down', async () => {
  jest.useFakeTimers();
  networkStats.mockReset();
  networkStats.mockResolvedValueOnce(totals(1000)).mockResolvedValueOnce(totals(1600)).mockResolvedValue(totals(1600));
  render(<NetworkStats />);
  await act(async () => undefined);
  await act(async () => jest.advanceTimersByTime(FIGURE_COUNT_MS + 100));
  expect(requestsShown()).toBe(1000);
  const seen: number[] = [];
  await act(async () => jest.advanceTimersByTime(NETWORK_REFRESH_MS));
  await act(async () => undefined);
  expect(networkStats).toHaveBeenLastCalledWith({ period: 'month' }, { fresh: true });
  for (let step = 0; step < 12; step += 1) {
    await act(async () => jest.advanceTimersByTime(100));
    seen.push(requestsShown());
  }
  expect(seen.at(-1)).toBe(1600);
  expect(seen.some((value) => value > 1000 && value < 1600)).toBe(true);
  seen.forEach((value, index) => expect(value).toBeGreaterThanOrEqual(seen[index - 1] ?? 1000));
});

test('under reduced motion the figures are the totals at once, and nothing moves', async () => {
  jest.useFakeTimers();
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' })) as unknown as typeof window.matchMedia;
  try {
    networkStats.mockReset();
    networkStats.mockResolvedValue(totals(1234));
    render(<NetworkStats />);
    await act(async () => undefined);
    expect(requestsShown()).toBe(1234);
    for (let i = 0; i < 5; i += 1) {
      await act(async () => jest.advanceTimersByTime(1000));
      expect(requestsShown()).toBe(1234);
    }
  } finally {
    window.matchMedia = matchMedia;
  }
});

test('statistics that cannot be read show a dash and say so, never a figure', async () => {
  networkStats.mockRejectedValue(new Error('HTTP 503'));
  render(<NetworkStats />);
  expect(await screen.findByText('The statistics cannot be read right now.')).toBeInTheDocument();
  expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['—', '—']);
  expect(screen.getByTestId('network-stats')).toHaveAttribute('data-loaded', 'false');
});

test('the top packages table lists the 30-day top 10 with links to their pages', async () => {
  topPackages.mockResolvedValue({
    items: [
      { type: 'npm', name: 'jquery', hits: 2_500_000, bandwidth: 3e9, prev: { hits: 0, bandwidth: 0 }, links: { self: '', versions: '' } },
      { type: 'gh', name: 'twbs/bootstrap', hits: 1200, bandwidth: 5e6, prev: { hits: 0, bandwidth: 0 }, links: { self: '', versions: '' } },
    ],
    totalCount: 2,
    totalPages: 1,
  });
  inRouter(<TopPackages />);
  const table = await screen.findByRole('table');
  expect(topPackages).toHaveBeenCalledWith({ period: 'month', limit: 10 });
  expect(within(table).getByRole('link', { name: 'jquery' })).toHaveAttribute('href', '/package/npm/jquery');
  expect(within(table).getByRole('link', { name: 'twbs/bootstrap' })).toHaveAttribute('href', '/package/gh/twbs/bootstrap');
  expect(within(table).getByText('2.5M')).toBeInTheDocument();
});

test('the rank column keeps "10" on one line: the page stylesheet makes the rank cells no-wrap', async () => {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(__dirname, 'home.module.css'), 'utf8');
  document.head.append(style);
  try {
    const row = (rank: number): TopPackage => ({
      type: 'npm',
      name: `package-${rank}`,
      hits: 1000 - rank,
      bandwidth: 1e6,
      prev: { hits: 0, bandwidth: 0 },
      links: { self: '', versions: '' },
    });
    topPackages.mockResolvedValue({ items: Array.from({ length: 10 }, (_, i) => row(i + 1)), totalCount: 10, totalPages: 1 });
    inRouter(
      <div className={styles.home}>
        <TopPackages />
      </div>,
    );
    const table = await screen.findByRole('table');
    const tenth = within(table).getAllByRole('row')[10]!;
    const rankCell = within(tenth).getAllByRole('cell')[0]!;
    expect(rankCell).toHaveTextContent(/^10$/);
    expect(getComputedStyle(rankCell).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(rankCell).overflowWrap).toBe('normal');
  } finally {
    style.remove();
  }
});

test('with no statistics yet the table says so', async () => {
  topPackages.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
  inRouter(<TopPackages />);
  expect(await screen.findByTestId('top-packages-empty')).toHaveTextContent('No data yet');
});

test('the usage docs open the tab named in ?docs, keep the choice in the address, and build URLs on our CDN', async () => {
  inRouter(<UsageDocs />, '/?docs=gh');
  expect(screen.getByRole('tab', { name: 'GitHub' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('https://cdn.test/gh/jquery/jquery@3.7.1/dist/jquery.min.js')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'ES modules' }));
  expect(new URLSearchParams(location.current).get('docs')).toBe('esm');
  expect(screen.getByText('https://cdn.test/npm/package@version/+esm')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('tab', { name: 'npm' }));
  expect(new URLSearchParams(location.current).get('docs')).toBeNull();
});

test('the known sites are the ones the operator names: none on a fresh install', () => {
  const { container } = render(<KnownSites />);
  expect(container).toBeEmptyDOMElement();
});

test('the known sites list shows a first row set, Load more shows all, Show less folds back', async () => {
  const sites = Array.from({ length: 20 }, (_, i) => `Site ${i + 1}`);
  act(() => setSiteContent({ ...DEFAULT_SITE_CONTENT, knownSites: sites, figures: { ...DEFAULT_SITE_CONTENT.figures, websites: 1200 } }));
  render(<KnownSites />);
  expect(screen.getByText(/^1,200 websites load their files/)).toBeInTheDocument();
  const list = () => within(screen.getByRole('list')).getAllByRole('listitem');
  expect(list()).toHaveLength(KNOWN_SITES_FIRST);
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(list()).toHaveLength(sites.length);
  await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
  expect(list()).toHaveLength(KNOWN_SITES_FIRST);
});

test("the sponsor strip names the operator's sponsors, and invites the first one on a fresh install", () => {
  const { unmount } = inRouter(<SponsorLogos />);
  expect(screen.getByText(/No company sponsors/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Become a sponsor' })).toHaveAttribute('href', '/become-a-sponsor');
  expect(screen.queryByRole('link', { name: 'All sponsors' })).not.toBeInTheDocument();
  unmount();
  act(() => setSiteContent({ ...DEFAULT_SITE_CONTENT, sponsors: [{ name: 'Example Host', role: 'CDN', url: 'https://host.example' }] }));
  inRouter(<SponsorLogos />);
  expect(screen.getByRole('link', { name: 'Example Host' })).toHaveAttribute('href', 'https://host.example');
  expect(screen.getByText('CDN')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'All sponsors' })).toHaveAttribute('href', '/sponsors');
});

test('the custom endpoint cards link to their statistics pages', () => {
  inRouter(<CustomEndpoints />);
  for (const [name, slug] of [
    ['CocoaPods', 'cocoa'],
    ['Ghost', 'ghost'],
    ['Pyodide', 'pyodide'],
    ['MuseScore', 'musescore'],
    ['Fontsource', 'fontsource'],
    ['Yocto', 'yocto'],
  ]) {
    expect(screen.getByRole('link', { name: new RegExp(name!) })).toHaveAttribute('href', `/oss-cdn/${slug}`);
  }
});

test('the ES module demo imports from our CDN, reports the load time, then "still cached" on a repeat run that took time, and stops after 4 s', async () => {
  jest.useFakeTimers();
  const confetti = Object.assign(jest.fn(), { reset: jest.fn() });
  const load = jest.fn().mockResolvedValueOnce({ confetti, ms: 37, cached: false }).mockResolvedValueOnce({ confetti, ms: 2, cached: true });
  render(<EsmDemo load={load} />);
  await act(async () => screen.getByRole('button', { name: 'Run' }).click());
  expect(load).toHaveBeenCalledWith('https://cdn.test/npm/canvas-confetti@1.9.3/+esm');
  expect(screen.getByRole('status')).toHaveTextContent('37 ms loaded from the CDN');
  expect(screen.getByRole('button', { name: 'Running...' })).toBeDisabled();
  await act(async () => jest.advanceTimersByTime(4000));
  expect(confetti.reset).toHaveBeenCalled();
  const calls = confetti.mock.calls.length;
  await act(async () => jest.advanceTimersByTime(2000));
  expect(confetti.mock.calls.length).toBe(calls);

  await act(async () => screen.getByRole('button', { name: 'Run' }).click());
  expect(screen.getByRole('status')).toHaveTextContent('2 ms still cached');
});

describe('whether the demo module was cached is read from what the browser fetched, not from the time', () => {
  const url = 'https://cdn.test/npm/canvas-confetti@1.9.3/+esm';
  let entries: Partial<PerformanceResourceTiming>[] = [];
  const original = Object.getOwnPropertyDescriptor(performance, 'getEntriesByName');
  beforeEach(() => {
    entries = [];
    Object.defineProperty(performance, 'getEntriesByName', { configurable: true, value: () => entries });
  });
  afterEach(() => {
    if (original) Object.defineProperty(performance, 'getEntriesByName', original);
    else delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
  });

  test('a first run that made a request with bytes on the wire was loaded from the CDN', () => {
    entries = [{ transferSize: 5120, decodedBodySize: 10_000 }];
    expect(wasCached(url, 0, false)).toBe(false);
    expect(loadTimeLabel(wasCached(url, 0, false))).toBe('loaded from the CDN');
  });

  test('a repeat run answered by the module map made no new request: still cached', () => {
    entries = [{ transferSize: 5120, decodedBodySize: 10_000 }];
    expect(wasCached(url, 1, true)).toBe(true);
  });

  test('a run answered by the HTTP cache transferred nothing: still cached', () => {
    entries = [{ transferSize: 0, decodedBodySize: 10_000 }];
    expect(wasCached(url, 0, false)).toBe(true);
  });

  test('without a resource timeline, only a module already imported by the page counts as cached', () => {
    delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
    expect(wasCached(url, 0, false)).toBe(false);
    expect(wasCached(url, 0, true)).toBe(true);
  });
});

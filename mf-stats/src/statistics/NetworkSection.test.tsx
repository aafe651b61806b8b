/** The network section's world map with the real map component: one line over the map at a time. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import * as shared from '@skylift/shared';
import { testRuntimeConfig, installFakeIntersectionObserver, provideWorldMap, type FakeViewport } from '@skylift/shared/testing';
import ossCdnStyles from '../ossCdn/ossCdn.module.css';
import { NetworkSection } from './NetworkSection';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getNetworkStats: jest.fn(),
  getNetworkCountries: jest.fn(),
  getShareStats: jest.fn(),
}));
jest.mock('@skylift/shared/charts', () => ({
  ...jest.requireActual('@skylift/shared/charts'),
  Chart: ({ label }: { label: string }) => <div data-testid="chart">{label}</div>,
}));

const api = shared as jest.Mocked<typeof shared>;
const chart = { setOption: jest.fn(), getOption: jest.fn(() => ({ geo: [{ zoom: 1 }] })), on: jest.fn(), resize: jest.fn(), dispose: jest.fn() };

let viewport: FakeViewport;
const style = document.createElement('style');

beforeAll(() => {
  // The page's own stylesheet, so that what is shown is what a browser would show.
  style.textContent = readFileSync(join(__dirname, 'statistics.module.css'), 'utf8');
  document.head.append(style);
});
afterAll(() => style.remove());

beforeEach(() => {
  shared.setRuntimeConfig(testRuntimeConfig());
  jest.clearAllMocks();
  viewport = installFakeIntersectionObserver();
  const empty = { total: 0, prev: { total: 0 }, providers: [] };
  api.getNetworkStats.mockResolvedValue({ hits: empty, bandwidth: empty });
  api.getNetworkCountries.mockResolvedValue({
    hits: { total: 0, prev: { total: 0 }, countries: [] },
    bandwidth: { total: 0, prev: { total: 0 }, countries: [] },
  });
  api.getShareStats.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
});
afterEach(() => {
  viewport.uninstall();
  provideWorldMap(null);
});

test('while the map loads only "Loading the map..." is shown over it; "No data" once it is drawn', async () => {
  // echarts is never loaded in jest: the map is held until the test lets it finish.
  let finish: () => void = () => {};
  provideWorldMap(
    new Promise((resolve) => {
      finish = () => resolve({ echarts: { init: () => chart }, world: { type: 'FeatureCollection', features: [] } } as never);
    }),
  );
  render(<NetworkSection period="month" />);
  // The chart's own "No data" line comes with the statistics; the countries are in by then too.
  await screen.findByText('No data', { selector: `p.${ossCdnStyles.empty}` });
  viewport.scrollNear();

  const stage = screen.getByRole('img', { name: 'Requests by country' }).parentElement!;
  const mapNoData = () => stage.querySelector('.sl-world-map__status--empty');
  expect(screen.getByText('Loading the map...')).toBeVisible();
  expect(mapNoData()).toBeNull();

  await act(async () => finish());
  expect(screen.queryByText('Loading the map...')).not.toBeInTheDocument();
  expect(mapNoData()).toBeVisible();
  expect(mapNoData()).toHaveTextContent('No data');
});

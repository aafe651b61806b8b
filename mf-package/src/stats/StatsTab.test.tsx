/** The Statistics tab against mocked data API answers: period and grouping rules, totals, tables and the empty state. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import * as shared from '@skylift/shared';
import type { PackageStats, VersionStats } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { providePeriods } from '@skylift/shared/stores';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { StatsTab } from './StatsTab';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getPackageStats: jest.fn(),
  getPackageVersionsStats: jest.fn(),
  getVersionFilesStats: jest.fn(),
}));
jest.mock('@skylift/shared/charts', () => ({
  ...jest.requireActual('@skylift/shared/charts'),
  Chart: ({ label }: { label: string }) => <div data-testid="chart">{label}</div>,
}));

const api = shared as jest.Mocked<typeof shared>;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}
const renderTab = (address = '/package/npm/lib?tab=stats') =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <StatsTab pkg={{ type: 'npm', name: 'lib' }} />
      <LocationProbe />
    </MemoryRouter>,
  );

const stats = (hits: number, prev: number): PackageStats => ({
  hits: { rank: 12, typeRank: 10, total: hits, dates: { '2026-11-01': hits }, prev: { rank: null, typeRank: null, total: prev } },
  bandwidth: { rank: 12, typeRank: 10, total: hits * 1000, dates: { '2026-11-01': hits * 1000 }, prev: { rank: null, typeRank: null, total: prev * 1000 } },
  links: { versions: '' },
});
const version = (name: string, hits: number): VersionStats => ({
  type: 'version',
  version: name,
  hits: { total: hits, dates: { '2026-11-01': hits } },
  bandwidth: { total: hits * 1000, dates: { '2026-11-01': hits * 1000 } },
  links: { self: '', files: '' },
});

beforeEach(() => {
  // The period dropdown's list, which its first render would otherwise download.
  providePeriods([]);
  shared.setRuntimeConfig(testRuntimeConfig());
  jest.clearAllMocks();
  api.getVersionFilesStats.mockResolvedValue({
    items: [{ name: '/dist/lib.js', hits: { total: 7, dates: {} }, bandwidth: { total: 7000, dates: {} } }],
    totalCount: 1,
    totalPages: 1,
  });
});

test('quarter by default, with totals, growth, the top tables and the charts', async () => {
  api.getPackageStats.mockResolvedValue(stats(1500, 1000));
  api.getPackageVersionsStats.mockResolvedValue({ items: [version('2.0.0', 1000), version('1.0.0', 500)], totalCount: 7, totalPages: 2 });
  renderTab();
  expect(await screen.findByText('1 500')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Stats for past quarter' })).toBeInTheDocument();
  expect(api.getPackageStats).toHaveBeenCalledWith('npm', 'lib', 'quarter');
  expect(screen.getAllByText(/50% quarterly/)).toHaveLength(2);
  const versions = await screen.findByRole('table', { name: 'Top versions' });
  expect(within(versions).getByText('2.0.0')).toBeInTheDocument();
  expect(api.getPackageVersionsStats).toHaveBeenCalledWith('npm', 'lib', { period: 'quarter', by: 'hits', limit: 5, page: 1 });
  // Top files follow the first version returned.
  expect(await screen.findByText('/dist/lib.js')).toBeInTheDocument();
  expect(api.getVersionFilesStats).toHaveBeenCalledWith('npm', 'lib', '2.0.0', { period: 'quarter', by: 'hits', limit: 5, page: 1 });
  expect(screen.getAllByTestId('chart').map((chart) => chart.textContent)).toEqual(['Requests by day', 'Top versions over time']);
  // Paging: the next page, then no further than the last.
  fireEvent.click(within(versions.parentElement!).getByRole('button', { name: 'Next' }));
  expect(api.getPackageVersionsStats).toHaveBeenLastCalledWith('npm', 'lib', { period: 'quarter', by: 'hits', limit: 5, page: 2 });
  expect(await within(versions.parentElement!).findByRole('button', { name: 'Next' })).toBeDisabled();
});

test('grouping by month is offered only for a year', async () => {
  api.getPackageStats.mockResolvedValue(stats(10, 0));
  api.getPackageVersionsStats.mockResolvedValue({ items: [version('1.0.0', 10)], totalCount: 1, totalPages: 1 });
  renderTab();
  await screen.findByText('10', { selector: 'strong' });
  fireEvent.click(screen.getByRole('button', { name: /^Group by/ }));
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Group by day', 'Group by week']);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  fireEvent.click(screen.getByRole('button', { name: /^Data range/ }));
  fireEvent.click(screen.getByRole('option', { name: 'year' }));
  expect(await screen.findByRole('heading', { name: 'Stats for past year' })).toBeInTheDocument();
  await screen.findByText('10', { selector: 'strong' });
  fireEvent.click(screen.getByRole('button', { name: /^Group by/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Group by month' }));
  expect(screen.getAllByTestId('chart')[0]).toHaveTextContent('Requests by month');
});

test('shows "No statistics yet" when every dataset is empty', async () => {
  api.getPackageStats.mockResolvedValue(stats(0, 0));
  api.getPackageVersionsStats.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
  renderTab();
  expect(await screen.findByText('No statistics yet')).toBeInTheDocument();
  expect(screen.queryByTestId('chart')).toBeNull();
});

test('the period is in the address beside the tab: read on arrival, written on a choice, the default quarter left out', async () => {
  providePeriods([{ period: '2026-10', periodType: 's-month', links: { packages: '/p' } }]);
  api.getPackageStats.mockResolvedValue(stats(1500, 1000));
  api.getPackageVersionsStats.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
  renderTab('/package/npm/lib?tab=stats&period=2026-10');
  expect(await screen.findByText('1 500')).toBeInTheDocument();
  expect(api.getPackageStats).toHaveBeenCalledWith('npm', 'lib', '2026-10');
  fireEvent.click(screen.getByRole('button', { name: 'Data range: October 2026' }));
  fireEvent.click(screen.getByRole('option', { name: 'year' }));
  expect(screen.getByTestId('address')).toHaveTextContent('?tab=stats&period=year');
  fireEvent.click(screen.getByRole('button', { name: 'Data range: year' }));
  fireEvent.click(screen.getByRole('option', { name: 'quarter' }));
  expect(screen.getByTestId('address')).toHaveTextContent(/^\?tab=stats$/);
  // The answers for the periods chosen arrive before the test ends.
  await act(async () => undefined);
});

test('growth from a period with nothing reads "new", not "+100%"', async () => {
  api.getPackageStats.mockResolvedValue(stats(1500, 0));
  api.getPackageVersionsStats.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
  renderTab();
  expect(await screen.findByText('1 500')).toBeInTheDocument();
  expect(screen.getAllByText('new: none in the previous period')).toHaveLength(2);
  expect(screen.queryByText(/100%/)).toBeNull();
  await act(async () => undefined);
});

/** The sidebar: the month by default, totals, the top version, the full-stats link, keywords (at most 15) and the badge box. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import * as shared from '@skylift/shared';
import type { PackageStats } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { providePeriods } from '@skylift/shared/stores';
import { Sidebar } from './Sidebar';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getPackageStats: jest.fn(),
  getPackageVersionsStats: jest.fn(),
}));
// The small charts never load echarts: a test that touched it would fail here.
jest.mock('@skylift/shared/charts', () => ({
  ...jest.requireActual('@skylift/shared/charts'),
  loadEcharts: () => Promise.reject(new Error('the sidebar must not load echarts')),
  Chart: () => {
    throw new Error('the sidebar must not draw an echarts chart');
  },
}));

const api = shared as jest.Mocked<typeof shared>;
const stats: PackageStats = {
  hits: { rank: 42, typeRank: 40, total: 123456, dates: { '2026-11-01': 123456 }, prev: { rank: null, typeRank: null, total: 1 } },
  bandwidth: { rank: 42, typeRank: 40, total: 2_500_000, dates: { '2026-11-01': 2_500_000 }, prev: { rank: null, typeRank: null, total: 1 } },
  links: { versions: '' },
};

beforeEach(() => {
  // The period dropdown's list, which its first render would otherwise download.
  providePeriods([]);
  shared.setRuntimeConfig(testRuntimeConfig());
  api.getPackageStats.mockResolvedValue(stats);
  api.getPackageVersionsStats.mockResolvedValue({
    items: [{ type: 'version', version: '3.1.0', hits: { total: 100000, dates: {} }, bandwidth: { total: 1, dates: {} }, links: { self: '', files: '' } }],
    totalCount: 1,
    totalPages: 1,
  });
});

test('summarises the past month with the rank, the full-stats link, keywords and the badge', async () => {
  const keywords = Array.from({ length: 20 }, (_, i) => `kw${i}`);
  render(
    <MemoryRouter>
      <Sidebar pkg={{ type: 'npm', name: 'lib' }} wwwUrl="https://www.example.test" keywords={keywords} />
    </MemoryRouter>,
  );
  expect(await screen.findByTestId('sidebar-requests')).toHaveTextContent('123 456');
  // Small SVG bar charts, one bar per day with its figure as a tooltip.
  const requests = screen.getByRole('img', { name: 'Requests per day' });
  expect(requests.tagName.toLowerCase()).toBe('svg');
  expect(requests.querySelectorAll('rect')).toHaveLength(1);
  expect(requests.querySelector('title')).toHaveTextContent('2026-11-01: 123 456');
  expect(screen.getByRole('img', { name: 'Bandwidth per day' }).querySelector('title')).toHaveTextContent('2026-11-01: 2.5 MB');
  expect(api.getPackageStats).toHaveBeenCalledWith('npm', 'lib', 'month');
  expect(screen.getByText('2.5 MB')).toBeInTheDocument();
  expect(await screen.findByText('3.1.0 (100 000)')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Full lib Download Stats' })).toHaveAttribute('href', '/package/npm/lib?tab=stats');
  // Accessible names are the visible texts.
  // The data API's rank 42 means 42 packages had more requests: this one is the 43rd.
  expect(screen.getByRole('button', { name: `Share: #43 on ${shared.BRAND.name}` })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy markdown' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: /^kw\d+$/ })).toHaveLength(15);
  const badge = screen.getByRole('img', { name: /badge of lib/ });
  expect(badge.getAttribute('src')).toBe('http://127.0.0.1:9/data/v1/package/npm/lib/badge');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Rounded style' }));
  expect(badge.getAttribute('src')).toBe('http://127.0.0.1:9/data/v1/package/npm/lib/badge?style=rounded');
});

describe('the share button names the rank people count, as the rank badge does (the data API counts from 0)', () => {
  const withRank = (rank: number | null): PackageStats => ({ ...stats, hits: { ...stats.hits, rank } });
  const renderSidebar = () =>
    render(
      <MemoryRouter>
        <Sidebar pkg={{ type: 'npm', name: 'lib' }} wwwUrl="https://www.example.test" keywords={[]} />
      </MemoryRouter>,
    );

  test('the most requested package (rank 0) is #1', async () => {
    api.getPackageStats.mockResolvedValue(withRank(0));
    renderSidebar();
    expect(await screen.findByRole('button', { name: `Share: #1 on ${shared.BRAND.name}` })).toBeInTheDocument();
  });

  test('the package with 8 ahead of it is #9', async () => {
    api.getPackageStats.mockResolvedValue(withRank(8));
    renderSidebar();
    expect(await screen.findByRole('button', { name: `Share: #9 on ${shared.BRAND.name}` })).toBeInTheDocument();
  });

  test('a package without requests has no rank to share', async () => {
    api.getPackageStats.mockResolvedValue(withRank(null));
    renderSidebar();
    await screen.findByTestId('sidebar-requests');
    await waitFor(() => expect(screen.getByTestId('sidebar-requests')).toHaveTextContent('123 456'));
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });
});

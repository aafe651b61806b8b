import { screen, within } from '@testing-library/react';
import { clearHttpCache, resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { renderPage } from '../../test/renderPage';
import { clearContentCache } from '../content/loadContent';

beforeEach(() => {
  clearContentCache();
  clearHttpCache();
  setRuntimeConfig(testRuntimeConfig('http://data.test'));
});
afterEach(() => resetRuntimeConfig());

const network = { hits: { total: 1_234_000, providers: [], prev: { total: 0 } }, bandwidth: { total: 5_600_000_000, providers: [], prev: { total: 0 } } };

test('shows last month’s requests, traffic and active projects from the data API', async () => {
  const fetch = mockFetchRoutes({
    'http://data.test/v1/stats/network': network,
    'http://data.test/v1/stats/packages': { body: [{}], headers: { 'x-total-count': '42', 'x-total-pages': '42' } },
  });
  await renderPage('/about');
  const figures = screen.getByRole('region', { name: 'In the last month' });
  expect(await within(figures).findByText('1.2M')).toBeInTheDocument();
  expect(within(figures).getByText('5.6 GB')).toBeInTheDocument();
  expect(within(figures).getByText('42')).toBeInTheDocument();
  const urls = fetch.mock.calls.map(([url]) => String(url));
  expect(urls).toContain('http://data.test/v1/stats/network?period=month');
  expect(urls.some((url) => url.startsWith('http://data.test/v1/stats/packages?') && url.includes('period=month'))).toBe(true);
  // Figures only a deployment can state are not shown until it states them.
  expect(within(figures).queryByText('Global regions')).toBeNull();
  expect(within(figures).queryByText('Websites using it')).toBeNull();
});

test('says so when nothing has been served yet', async () => {
  const none = { hits: { total: 0, providers: [], prev: { total: 0 } }, bandwidth: { total: 0, providers: [], prev: { total: 0 } } };
  mockFetchRoutes({ 'http://data.test/v1/stats/network': none, 'http://data.test/v1/stats/packages': { body: [], headers: { 'x-total-count': '0' } } });
  await renderPage('/about');
  expect(await screen.findByText('This deployment has not served any files in the last month yet.')).toBeInTheDocument();
});

test('says when the statistics cannot be loaded', async () => {
  mockFetchRoutes({ 'http://data.test/': { status: 503, body: { status: 503, message: 'Statistics are starting.' } } });
  await renderPage('/about');
  expect(await screen.findByRole('alert')).toHaveTextContent('The statistics could not be loaded: Statistics are starting.');
});

test('shows the focus areas, honest empty people and sponsor lists, and the links onward', async () => {
  mockFetchRoutes({ 'http://data.test/': network });
  const { container } = await renderPage('/about');
  for (const area of ['Performance', 'Reliability', 'Security', 'Sustainability'])
    expect(await screen.findByRole('heading', { name: area })).toBeInTheDocument();
  expect(container.querySelector('#people')).toHaveTextContent('This deployment has not listed the people who run it yet.');
  expect(screen.getByRole('link', { name: 'Become the first sponsor' })).toHaveAttribute('href', '/become-a-sponsor');
  expect(screen.getByRole('link', { name: 'Our sponsors' })).toHaveAttribute('href', '/sponsors');
  expect(screen.getByRole('link', { name: 'Our history' })).toHaveAttribute('href', '/history');
  expect(screen.getByRole('link', { name: 'Network infographic' })).toHaveAttribute('href', '/network/infographic');
});

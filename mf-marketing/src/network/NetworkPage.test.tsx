import { fireEvent, render, screen, within } from '@testing-library/react';
import { renderPage } from '../../test/renderPage';
import { clearContentCache } from '../content/loadContent';
import type { NetworkLocation, Provider } from '@skylift/shared/config';
import { placeLocations, regionOf } from './locations';
import { ProviderMap } from './ProviderMap';

// Test data only: the shipped provider and location lists are the deployment's own and start empty.
const providers: Provider[] = [
  { code: 'AA', prefix: 'AA', name: 'Alpha', color: '#ff0000', logo: null, enabled: true },
  { code: 'BB', prefix: 'BB', name: 'Beta', color: '#0000ff', logo: null, enabled: true },
];
const locations: NetworkLocation[] = [
  { title: 'AA - Frankfurt - DE', latitude: 50.1, longitude: 8.7 },
  { title: 'AA - Tokyo', latitude: 35.7, longitude: 139.7 },
  { title: 'BB - São Paulo', latitude: -23.5, longitude: -46.6 },
  { title: 'ZZ - Nowhere', latitude: 0, longitude: 0 },
];

beforeEach(() => clearContentCache());

test('finds the provider by title prefix and the region after the first dash', async () => {
  expect(regionOf('AA - Frankfurt - DE')).toBe('Frankfurt - DE');
  const placed = placeLocations(locations, providers);
  expect(placed.map((location) => [location.provider.name, location.region])).toEqual([
    ['Alpha', 'Frankfurt - DE'],
    ['Alpha', 'Tokyo'],
    ['Beta', 'São Paulo'],
  ]);
});

test('a switch per provider filters the markers; the last one on cannot be turned off', async () => {
  render(<ProviderMap providers={providers} locations={locations} />);
  const map = () => screen.getByRole('img');
  expect(map()).toHaveAttribute('aria-label', 'Points of presence: 3 shown');
  const switches = within(screen.getByRole('group', { name: 'Providers' }));
  fireEvent.click(switches.getByRole('button', { name: 'Alpha (2)' }));
  expect(switches.getByRole('button', { name: 'Alpha (2)' })).toHaveAttribute('aria-pressed', 'false');
  expect(map()).toHaveAttribute('aria-label', 'Points of presence: 1 shown');
  expect(switches.getByRole('button', { name: 'Beta (1)' })).toBeDisabled();
  fireEvent.click(switches.getByRole('button', { name: 'Alpha (2)' }));
  expect(map()).toHaveAttribute('aria-label', 'Points of presence: 3 shown');
  expect(switches.getByRole('button', { name: 'Beta (1)' })).toBeEnabled();
});

test('/network explains failover and China under their anchors, with the map and an honest empty state', async () => {
  const { container } = await renderPage('/network');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Our Network');
  expect(container.querySelector('#map')).toContainElement(screen.getByRole('img'));
  expect(screen.getByText(/has not listed its points of presence yet/)).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Failover' })).toHaveAttribute('id', 'failover');
  expect(screen.getByRole('heading', { name: 'China' })).toHaveAttribute('id', 'china');
});

test('/network says what is true of origins behind one load balancer: they share state, as the documentation describes', async () => {
  await renderPage('/network');
  const failover = await screen.findByRole('heading', { name: 'Failover' });
  const list = failover.nextElementSibling!;
  expect(list).not.toHaveTextContent(/not supported/i);
  expect(list).toHaveTextContent(/Several origins and data API instances can run behind one load balancer/);
  for (const variable of ['SKYLIFT_POSTGRES_URL', 'SKYLIFT_REDIS_URL', 'SKYLIFT_S3_BUCKET']) expect(list).toHaveTextContent(variable);
  expect(within(list as HTMLElement).getByRole('link', { name: 'Running past one machine' })).toHaveAttribute('href', '/documentation#custom-cdn-hosting');
});

test('/network/infographic is an image with a caption', async () => {
  await renderPage('/network/infographic');
  const figure = screen.getByRole('figure');
  expect(within(figure).getByRole('img')).toHaveAttribute('src', 'http://content.test/network/infographic.svg');
  expect(figure).toHaveTextContent('Every answer is written to the request log');
});

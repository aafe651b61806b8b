import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { Header } from './Header';

const renderHeader = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
    </MemoryRouter>,
  );

const logoVariant = () => within(screen.getByRole('link', { name: `${BRAND.name} home` })).getByText((_, el) => el?.hasAttribute('data-logo-variant') ?? false).getAttribute('data-logo-variant');

describe('logo variants by route', () => {
  test.each([
    ['/', 'regular'],
    ['/statistics', 'regular'],
    ['/about', 'white'],
    ['/tools/purge', 'white'],
    ['/esm', 'white'],
    ['/docs/data.jsdelivr.com', 'white'],
    ['/package/npm/left-pad', 'icon'],
    ['/package/gh/octo/widgets', 'icon'],
    ['/globalping', 'network-tool'],
    ['/globalping/network-tools/dns-from-united-states', 'network-tool'],
    ['/no/such/page', 'regular'],
  ])('%s shows the %s logo', (path, variant) => {
    renderHeader(path);
    expect(logoVariant()).toBe(variant);
  });
});

describe('the network-testing tool link', () => {
  test('shows with a NEW badge on the other pages', () => {
    renderHeader('/');
    const link = screen.getByTestId('network-tool-link');
    expect(link).toHaveTextContent(`${BRAND.networkTool}NEW`);
    expect(link).toHaveAttribute('href', '/globalping');
  });

  test.each(['/globalping', '/globalping/network-tools/ping'])('is hidden on %s', (path) => {
    renderHeader(path);
    expect(screen.queryByTestId('network-tool-link')).not.toBeInTheDocument();
    expect(screen.queryByText('NEW')).not.toBeInTheDocument();
  });
});

test('the navigation links and the icon links to the code host, the social network and the chat community', () => {
  renderHeader('/');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
  expect(within(nav).getByRole('link', { name: 'Network' })).toHaveAttribute('href', '/network');
  expect(within(nav).getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/statistics');
  expect(within(nav).getByRole('link', { name: 'Sponsors' })).toHaveAttribute('href', '/sponsors');
  expect(within(nav).getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', BRAND.codeHostUrl);
  expect(within(nav).getByRole('link', { name: /on X/ })).toHaveAttribute('href', BRAND.socialUrl);
  expect(within(nav).getByRole('link', { name: /Discord/ })).toHaveAttribute('href', BRAND.chatCommunityUrl);
});

test('the menu button opens and closes the navigation on small screens, and a navigation closes it', async () => {
  renderHeader('/');
  const button = screen.getByRole('button', { name: 'Open the menu' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  expect(screen.getByRole('button', { name: 'Close the menu' })).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(screen.getByRole('link', { name: 'Sponsors' }));
  expect(screen.getByRole('button', { name: 'Open the menu' })).toHaveAttribute('aria-expanded', 'false');
});

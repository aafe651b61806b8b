import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND } from '@skylift/shared';
import type { SiteContent } from '@skylift/shared/config';
import { renderInSite } from '../../testing/renderShell';
import { FULL_CONTENT } from '../../testing/testSite';
import { Header } from './Header';

// A slot's fill is loaded through federation, which would end after a test here; FrameSlot.test.tsx covers the slots.
jest.mock('../slots/FrameSlot', () => ({ FrameSlot: () => null }));

const renderHeader = (path: string, content?: SiteContent) => renderInSite(<Header />, { path, ...(content ? { content } : {}) });

const logoVariant = () =>
  within(screen.getByRole('link', { name: `${BRAND.name} home` }))
    .getByText((_, el) => el?.hasAttribute('data-logo-variant') ?? false)
    .getAttribute('data-logo-variant');

describe('the logo variant each page declares', () => {
  test.each([
    ['/', 'regular'],
    ['/statistics', 'regular'],
    ['/about', 'white'],
    ['/tools/purge', 'white'],
    ['/esm', 'white'],
    ['/package/npm/left-pad', 'icon'],
    ['/package/npm/@babel/core', 'icon'],
    ['/globalping', 'network-tool'],
    ['/globalping/network-tools/dns-from-europe', 'network-tool'],
    ['/globalping/network-tools/teleport', 'regular'],
    ['/no/such/page', 'regular'],
  ])('%s shows the %s logo', (path, variant) => {
    renderHeader(path);
    expect(logoVariant()).toBe(variant);
  });
});

describe('a link with a badge, hidden on the pages it declares', () => {
  test('shows with its NEW badge on the other pages, after the dropdowns', () => {
    renderHeader('/');
    const link = screen.getByRole('link', { name: /^Globalping/ });
    expect(link).toHaveTextContent('GlobalpingNEW');
    expect(link).toHaveAttribute('href', '/globalping');
    const items = Array.from(screen.getByRole('navigation', { name: 'Main' }).querySelectorAll('a, button')).map((el) => el.textContent);
    expect(items.indexOf('GlobalpingNEW')).toBeGreaterThan(items.indexOf('Resources'));
  });

  test.each(['/globalping', '/globalping/network-tools/ping'])('is hidden on %s', (path) => {
    renderHeader(path);
    expect(screen.queryByRole('link', { name: /^Globalping/ })).not.toBeInTheDocument();
    expect(screen.queryByText('NEW')).not.toBeInTheDocument();
  });
});

test('the main links the remotes declare, in their order, before the dropdowns', () => {
  renderHeader('/');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const items = Array.from(nav.querySelectorAll(':scope > ul:first-child > li > a, :scope > ul:first-child > li button[aria-haspopup]')).map(
    (el) => el.textContent,
  );
  expect(items).toEqual(['About Us', 'Network', 'Stats', 'Tools', 'Resources', 'GlobalpingNEW']);
  expect(within(nav).getByRole('link', { name: 'Stats' })).toHaveAttribute('href', '/statistics');
});

test('the icon links are the ones the deployment sets, and none by default', () => {
  const { unmount } = renderHeader('/');
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).queryByRole('link', { name: /on GitHub|on X|on Discord/ })).not.toBeInTheDocument();
  unmount();
  renderHeader('/', FULL_CONTENT);
  const full = screen.getByRole('navigation', { name: 'Main' });
  expect(within(full).getByRole('link', { name: `${BRAND.name} on GitHub` })).toHaveAttribute('href', FULL_CONTENT.links.codeHost);
  expect(within(full).getByRole('link', { name: `${BRAND.name} on X` })).toHaveAttribute('href', FULL_CONTENT.links.social);
  expect(within(full).getByRole('link', { name: `${BRAND.name} on Discord` })).toHaveAttribute('href', FULL_CONTENT.links.chat);
});

test('the dropdowns hold the declared entries under their groups, and Newsletter only with a newsletter', async () => {
  const { unmount } = renderHeader('/');
  await userEvent.click(screen.getByRole('button', { name: 'Tools' }));
  const tools = screen.getByRole('menu', { name: 'Tools' });
  expect(Array.from(tools.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['Purge cache', 'Convert from', 'GitHub', 'unpkg']);
  await userEvent.click(screen.getByRole('button', { name: 'Resources' }));
  expect(within(screen.getByRole('menu', { name: 'Resources' })).queryByRole('menuitem', { name: 'Newsletter' })).not.toBeInTheDocument();
  unmount();
  renderHeader('/', FULL_CONTENT);
  await userEvent.click(screen.getByRole('button', { name: 'Resources' }));
  const resources = screen.getByRole('menu', { name: 'Resources' });
  expect(Array.from(resources.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
    'Blog',
    'Newsletter',
    'Documentation',
    'esm.run',
    'API docs',
    'Data API',
  ]);
});

test('the menu button opens and closes the navigation on small screens, and a navigation closes it', async () => {
  renderHeader('/');
  const button = screen.getByRole('button', { name: 'Open the menu' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  expect(screen.getByRole('button', { name: 'Close the menu' })).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(screen.getByRole('link', { name: 'Network' }));
  expect(screen.getByRole('button', { name: 'Open the menu' })).toHaveAttribute('aria-expanded', 'false');
});

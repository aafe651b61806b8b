import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { MenuItem } from '../../site/menus';
import { NavDropdown } from './NavDropdown';

const link = (label: string, to: string, order: number): MenuItem => ({ kind: 'link', label, to, order });
const TOOLS_MENU: MenuItem[] = [
  link('Purge cache', '/tools/purge', 10),
  { kind: 'group', label: 'Convert from' },
  link('GitHub', '/github', 20),
  link('Google Hosted Libraries', '/google', 30),
  link('unpkg', '/unpkg', 40),
  link('Skypack', '/skypack', 50),
  link('esm.sh', '/esmsh', 60),
];
const RESOURCES_MENU: MenuItem[] = [
  link('Blog', '/blog', 10),
  { kind: 'action', label: 'Newsletter', action: 'newsletter', order: 20 },
  link('Documentation', '/documentation', 30),
];

function renderMenus(onAction = jest.fn()) {
  render(
    <MemoryRouter>
      <button type="button">before</button>
      <NavDropdown label="Tools" items={TOOLS_MENU} />
      <NavDropdown label="Resources" items={RESOURCES_MENU} onAction={onAction} />
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="*" element={<p data-testid="at" />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onAction };
}

const toolsButton = () => screen.getByRole('button', { name: 'Tools' });

test('the menu lists its items in order, with group headings that are not items', async () => {
  renderMenus();
  await userEvent.click(toolsButton());
  const menu = screen.getByRole('menu', { name: 'Tools' });
  const items = Array.from(menu.querySelectorAll('[role="menuitem"]')).map((el) => el.textContent);
  expect(items).toEqual(['Purge cache', 'GitHub', 'Google Hosted Libraries', 'unpkg', 'Skypack', 'esm.sh']);
  expect(menu).toHaveTextContent('Convert from');
});

test('Enter opens the menu on its first item; arrows move and wrap; Escape closes and returns to the button', async () => {
  renderMenus();
  toolsButton().focus();
  await userEvent.keyboard('{Enter}');
  expect(toolsButton()).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('menuitem', { name: 'Purge cache' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'GitHub' })).toHaveFocus();
  await userEvent.keyboard('{ArrowUp}{ArrowUp}');
  expect(screen.getByRole('menuitem', { name: 'esm.sh' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Purge cache' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(toolsButton()).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('menu', { name: 'Tools' })).not.toBeInTheDocument();
  expect(toolsButton()).toHaveFocus();
});

test('Space opens the menu and Space on an item follows it', async () => {
  renderMenus();
  toolsButton().focus();
  await userEvent.keyboard(' ');
  expect(screen.getByRole('menuitem', { name: 'Purge cache' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown} ');
  expect(screen.getByTestId('at')).toBeInTheDocument();
  expect(toolsButton()).toHaveAttribute('aria-expanded', 'false');
});

test('ArrowUp on the button opens the menu on its last item', async () => {
  renderMenus();
  toolsButton().focus();
  await userEvent.keyboard('{ArrowUp}');
  expect(screen.getByRole('menuitem', { name: 'esm.sh' })).toHaveFocus();
});

test('a tap toggles the menu and a tap elsewhere closes it', async () => {
  renderMenus();
  await userEvent.click(toolsButton());
  expect(screen.getByRole('menu', { name: 'Tools' })).toBeVisible();
  await userEvent.click(screen.getByText('home'));
  expect(toolsButton()).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toolsButton());
  await userEvent.click(toolsButton());
  expect(toolsButton()).toHaveAttribute('aria-expanded', 'false');
});

test('links lead to their pages and an action item runs its action', async () => {
  const { onAction } = renderMenus();
  await userEvent.click(screen.getByRole('button', { name: 'Resources' }));
  expect(screen.getByRole('menuitem', { name: 'Blog' })).toHaveAttribute('href', '/blog');
  expect(screen.getByRole('menuitem', { name: 'Documentation' })).toHaveAttribute('href', '/documentation');
  await userEvent.click(screen.getByRole('menuitem', { name: 'Newsletter' }));
  expect(onAction).toHaveBeenCalledWith('newsletter');
});

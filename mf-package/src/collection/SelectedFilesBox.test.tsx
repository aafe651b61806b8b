import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { clearCollection, collection$, toggleCollectionItem } from '@skylift/shared/links';
import { SelectedFilesBox, SHOW_ALL_LINKS_TEXT } from './SelectedFilesBox';

function Location() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

beforeEach(() => act(() => clearCollection()));

test('lists the selected files, removes one, and opens the collection slide', async () => {
  const user = userEvent.setup();
  toggleCollectionItem({ type: 'npm', name: 'alpha', version: '1.0.0', file: '/a.js' });
  toggleCollectionItem({ type: 'npm', name: 'alpha', version: '1.0.0', file: '/b.css' });
  render(
    <MemoryRouter initialEntries={['/package/npm/alpha?tab=files']}>
      <SelectedFilesBox />
      <Location />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: /Selected files 2/ })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Remove alpha@1.0.0/a.js' }));
  expect(collection$.getValue().map((item) => item.file)).toEqual(['/b.css']);
  await user.click(screen.getByRole('button', { name: SHOW_ALL_LINKS_TEXT }));
  expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/package/npm/alpha?tab=files&slide=collection');
});

test('an onShowAll handler replaces the default navigation', async () => {
  const onShowAll = jest.fn();
  render(
    <MemoryRouter>
      <SelectedFilesBox onShowAll={onShowAll} />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Show & Configure all links' }));
  expect(onShowAll).toHaveBeenCalledTimes(1);
});

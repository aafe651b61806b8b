import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchPackages, type SearchPage } from '@skylift/shared/search';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { answer, hit } from '../testing/searchDoubles';
import { CompactSearchBox } from './CompactSearchBox';

jest.mock('@skylift/shared/search', () => ({
  ...jest.requireActual('@skylift/shared/search'),
  searchPackages: jest.fn(),
}));

const search = searchPackages as jest.MockedFunction<typeof searchPackages>;
const NAMES = ['react', 'react-dom', 'react-is', '@types/react', 'react-router', 'react-extra'];
const go = jest.fn();

beforeEach(() => {
  go.mockReset();
  search.mockReset();
  search.mockImplementation(async (_config, { query, hitsPerPage = 10 }) =>
    answer(
      query,
      NAMES.slice(0, hitsPerPage).map((name) => hit(name)),
    ),
  );
});

function renderBox() {
  render(
    <>
      <CompactSearchBox config={testRuntimeConfig().search} go={go} />
      <button type="button">elsewhere</button>
    </>,
  );
  return screen.getByRole('combobox', { name: 'Search packages' });
}

const options = () => screen.queryAllByRole('option');
const selected = () => options().findIndex((option) => option.getAttribute('aria-selected') === 'true');

test('lists 5 packages; Down and Up move the highlight and wrap around; Enter opens the highlighted package', async () => {
  const input = renderBox();
  await userEvent.click(input);
  await userEvent.keyboard('react');
  // Typing may outlast the debounce on a busy machine, and the list of an earlier prefix show first: the search
  // for the whole text is waited for, then its list.
  await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.anything(), { query: 'react', hitsPerPage: 5 }));
  await waitFor(() => expect(options()).toHaveLength(5));
  expect(input).toHaveAttribute('aria-expanded', 'true');
  expect(selected()).toBe(-1);

  await userEvent.keyboard('{ArrowDown}');
  expect(selected()).toBe(0);
  expect(input).toHaveAttribute('aria-activedescendant', options()[0]!.id);
  await userEvent.keyboard('{ArrowUp}');
  expect(selected()).toBe(4);
  await userEvent.keyboard('{ArrowDown}');
  expect(selected()).toBe(0);
  await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
  expect(selected()).toBe(3);
  await userEvent.keyboard('{Enter}');
  expect(go).toHaveBeenCalledWith('/package/npm/@types/react');
  expect(options()).toHaveLength(0);
});

test('Enter with nothing highlighted goes to the home page search for the text', async () => {
  const input = renderBox();
  await userEvent.click(input);
  await userEvent.keyboard('react router');
  await waitFor(() => expect(options().length).toBeGreaterThan(0));
  await userEvent.keyboard('{Enter}');
  expect(go).toHaveBeenCalledWith('/?query=react%20router');
});

test('opens on focus only when there is a query, and closes on blur and on a click on the overlay', async () => {
  const input = renderBox();
  await userEvent.click(input);
  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(search).not.toHaveBeenCalled();

  await userEvent.keyboard('re');
  await waitFor(() => expect(options()).toHaveLength(5));
  await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
  expect(options()).toHaveLength(0);

  await userEvent.click(input);
  expect(options()).toHaveLength(5);
  await userEvent.pointer({ keys: '[MouseLeft]', target: screen.getByTestId('compact-search-overlay') });
  expect(options()).toHaveLength(0);
});

test('a click on a package opens it', async () => {
  const input = renderBox();
  await userEvent.click(input);
  await userEvent.keyboard('react');
  await waitFor(() => expect(options()).toHaveLength(5));
  await userEvent.click(screen.getByRole('option', { name: /react-dom/ }));
  expect(go).toHaveBeenCalledWith('/package/npm/react-dom');
});

test('an answer to an older text is not shown', async () => {
  const pending = new Map<string, (page: SearchPage) => void>();
  search.mockImplementation((_config, { query }) => new Promise((resolve) => pending.set(query, resolve)));
  const input = renderBox();
  await userEvent.click(input);
  await userEvent.keyboard('vu');
  await waitFor(() => expect(pending.has('vu')).toBe(true));
  await userEvent.keyboard('e');
  await waitFor(() => expect(pending.has('vue')).toBe(true));
  pending.get('vue')!(answer('vue', [hit('vue')]));
  await screen.findByRole('option', { name: /vue/ });
  pending.get('vu')!(answer('vu', [hit('vu-stale')]));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.queryByRole('option', { name: /vu-stale/ })).not.toBeInTheDocument();
});

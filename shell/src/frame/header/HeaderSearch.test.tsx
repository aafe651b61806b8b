import { act, screen } from '@testing-library/react';
import { loadRemoteModule } from '../../remotes/loadRemoteModule';
import { renderInSite } from '../../testing/renderShell';
import { Header } from './Header';
import { forgetCompactSearch } from './HeaderSearch';

jest.mock('../../remotes/loadRemoteModule', () => ({ loadRemoteModule: jest.fn() }));
jest.mock('../../startup/remoteRegistry', () => ({ ensureRemotesRegistered: jest.fn(async () => {}) }));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

function FakeCompactSearch() {
  return <input role="combobox" aria-label="Search packages" aria-expanded={false} />;
}

const renderHeader = (path: string) => renderInSite(<Header />, { path });

beforeEach(() => {
  forgetCompactSearch();
  load.mockReset();
});

test("the header shows mf-search's compact search, loaded through the federation loader", async () => {
  load.mockResolvedValue({ CompactSearch: FakeCompactSearch } as never);
  renderHeader('/statistics');
  expect(await screen.findByRole('combobox', { name: 'Search packages' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('mf-search', './CompactSearch');
});

test('the home page has its own search, so the header leaves the compact one out and does not even download it', async () => {
  load.mockResolvedValue({ CompactSearch: FakeCompactSearch } as never);
  renderHeader('/');
  await screen.findByRole('navigation', { name: 'Main' });
  // Inside act: the load's answer (none, or a failure) is rendered before the assertions.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

test('if mf-search cannot be loaded the header simply has no search box', async () => {
  load.mockRejectedValue(new Error('mf-search could not be loaded (./CompactSearch).'));
  renderHeader('/statistics');
  // Inside act: the load's answer (none, or a failure) is rendered before the assertions.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Stats' })).toBeInTheDocument();
});

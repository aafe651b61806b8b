import type { ReactNode } from 'react';
import { act, screen, within } from '@testing-library/react';
import type { RemotePages, SlotProps } from '@skylift/shared/pages';
import { loadRemoteModule } from '../../remotes/loadRemoteModule';
import { renderInSite } from '../../testing/renderShell';
import { TEST_PAGES } from '../../testing/testSite';
import { Header } from '../header/Header';
import { forgetSlotFills } from './FrameSlot';

jest.mock('../../remotes/loadRemoteModule', () => ({ loadRemoteModule: jest.fn() }));
jest.mock('../../startup/remoteRegistry', () => ({ ensureRemotesRegistered: jest.fn(async () => {}) }));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

function FakeCompactSearch({ className }: SlotProps) {
  return <input role="combobox" aria-label="Search packages" aria-expanded={false} className={className} />;
}

const renderHeader = (path: string, pages?: RemotePages[]) => renderInSite(<Header />, { path, ...(pages ? { pages } : {}) });

/** Lets the loads' answers (a component, none, or a failure) be rendered before the assertions. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  forgetSlotFills();
  load.mockReset();
});

test('the header shows the component a remote declares for the slot beside the logo, from the expose it names, through the federation loader', async () => {
  load.mockResolvedValue({ Slot: FakeCompactSearch });
  renderHeader('/statistics');
  const search = await screen.findByRole('combobox', { name: 'Search packages' });
  expect(load).toHaveBeenCalledWith('mf-search', './CompactSearch');
  // In the slot's place, before the navigation (the class is the slot's, passed to the component).
  expect(search.className).toBe('startSlot');
  expect(search.compareDocumentPosition(screen.getByRole('navigation', { name: 'Main' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('on a page the fill declares as an exception the slot stays empty, and its code is not even downloaded', async () => {
  load.mockResolvedValue({ Slot: FakeCompactSearch });
  renderHeader('/');
  await screen.findByRole('navigation', { name: 'Main' });
  await settle();
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(load).not.toHaveBeenCalled();
});

test('the shell fills no slot of its own: without a declaration nothing is loaded and the header is whole', async () => {
  renderHeader(
    '/statistics',
    TEST_PAGES.map(({ remote, pages }) => ({ remote, pages })),
  );
  await settle();
  expect(load).not.toHaveBeenCalled();
  expect(screen.getByRole('link', { name: 'Stats' })).toBeInTheDocument();
});

test('a fill that cannot be loaded, or whose expose holds no component, leaves its place empty', async () => {
  load.mockRejectedValue(new Error('mf-search could not be loaded (./CompactSearch).'));
  const { unmount } = renderHeader('/statistics');
  await settle();
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Stats' })).toBeInTheDocument();
  unmount();

  forgetSlotFills();
  load.mockResolvedValue({ CompactSearch: FakeCompactSearch });
  renderHeader('/statistics');
  await settle();
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
});

test('a fill that fails while rendering empties its place only: the header and the other fills stay', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  function Broken(): never {
    throw new Error('broken widget');
  }
  function Account({ className }: SlotProps) {
    return (
      <a href="/account" className={className}>
        Account
      </a>
    );
  }
  const fills: Record<string, (props: SlotProps) => ReactNode> = { 'mf-search': FakeCompactSearch, 'mf-broken': Broken, 'mf-account': Account };
  load.mockImplementation(async (remote) => ({ Slot: fills[remote] }));
  const pages: RemotePages[] = [
    ...TEST_PAGES,
    {
      remote: 'mf-broken',
      pages: [{ path: '/broken', title: 'Broken', description: 'Broken.', header: 'regular' }],
      slots: [{ slot: 'header-end', expose: './Widget' }],
    },
    {
      remote: 'mf-account',
      pages: [{ path: '/account', title: 'Account', description: 'Yours.', header: 'regular' }],
      slots: [{ slot: 'header-end', expose: './Account' }],
    },
  ];
  renderHeader('/statistics', pages);
  // The end slot is in the navigation, after the icon links.
  const account = await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Account' });
  expect(account.className).toBe('endSlot');
  expect(load).toHaveBeenCalledWith('mf-broken', './Widget');
  expect(load).toHaveBeenCalledWith('mf-account', './Account');
  expect(screen.getByRole('combobox', { name: 'Search packages' })).toBeInTheDocument();
  expect(error).toHaveBeenCalledWith(expect.stringContaining('mf-broken failed in the header-end slot: broken widget'));
  error.mockRestore();
});

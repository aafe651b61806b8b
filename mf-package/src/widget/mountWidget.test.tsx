import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getEntrypoints, getPackageFlatFiles, getPackageStats, getPackageVersions, resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { mount } from '../mount';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getEntrypoints: jest.fn(),
  getPackageFlatFiles: jest.fn(),
  getPackageStats: jest.fn(),
  getPackageVersions: jest.fn(),
}));

const CDN = testRuntimeConfig().cdnUrl;
const mocked = {
  versions: jest.mocked(getPackageVersions),
  files: jest.mocked(getPackageFlatFiles),
  entrypoints: jest.mocked(getEntrypoints),
  stats: jest.mocked(getPackageStats),
};

const total = (value: number) => ({ total: value, rank: 3, typeRank: 3, dates: {}, prev: { total: 0, rank: null, typeRank: null } });

beforeEach(() => {
  jest.resetAllMocks();
  setRuntimeConfig(testRuntimeConfig());
  mocked.versions.mockResolvedValue({
    type: 'npm',
    name: 'alpha',
    tags: { latest: '2.1.0' },
    versions: [{ version: '2.1.0', links: { self: '', stats: '' } }],
    links: { stats: '' },
  });
  mocked.files.mockResolvedValue({ type: 'npm', name: 'alpha', version: '2.1.0', default: '/dist/alpha.min.js', files: [] });
  mocked.entrypoints.mockResolvedValue({ entrypoints: {} });
  mocked.stats.mockResolvedValue({ hits: total(1234567), bandwidth: total(5_300_000), links: { versions: '' } });
});

afterAll(() => resetRuntimeConfig());

function widgetIn(host: HTMLElement): HTMLElement {
  const container = host.querySelector<HTMLElement>('[data-package-widget]');
  const mountPoint = container?.shadowRoot?.querySelector<HTMLElement>('style + div');
  if (!mountPoint) throw new Error('no widget mounted');
  return mountPoint;
}

function mountInto(props: Record<string, unknown>) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  let unmount = () => {};
  act(() => {
    unmount = mount(host, props);
  });
  return { host, unmount: () => act(() => unmount()) };
}

test('shows the install block of the default file and the requests of the month, inside a shadow root', async () => {
  const headStyles = document.head.querySelectorAll('style').length;
  const { host, unmount } = mountInto({ type: 'npm', name: 'alpha' });
  const widget = within(widgetIn(host));
  expect(await widget.findByText(`${CDN}/npm/alpha@2.1.0/dist/alpha.min.js`)).toBeInTheDocument();
  expect(widget.getByText(`<script src="${CDN}/npm/alpha@2.1.0/dist/alpha.min.js"></script>`)).toBeInTheDocument();
  expect(widget.getByText('Requests this month').nextSibling).toHaveTextContent('1 234 567');
  expect(widget.getByText('v2.1.0')).toBeInTheDocument();
  expect(widget.getByRole('link', { name: 'alpha' })).toHaveAttribute('href', 'http://127.0.0.1:9/package/npm/alpha');
  // Nothing of it reaches the light DOM or the host page's head: its styles sit in the shadow root.
  expect(screen.queryByText(`${CDN}/npm/alpha@2.1.0/dist/alpha.min.js`)).toBeNull();
  expect(document.head.querySelectorAll('style')).toHaveLength(headStyles);
  expect(host.querySelector('[data-package-widget]')?.shadowRoot?.querySelector('style')?.textContent).toContain(':host');
  expect(mocked.stats).toHaveBeenCalledWith('npm', 'alpha', 'month');
  unmount();
  expect(host.childElementCount).toBe(0);
});

test('the copy buttons copy the URL and the tag', async () => {
  const user = userEvent.setup();
  const { host, unmount } = mountInto({ type: 'npm', name: 'alpha' });
  const widget = within(widgetIn(host));
  await user.click(await widget.findByRole('button', { name: 'Copy the HTML tag of alpha' }));
  expect(await navigator.clipboard.readText()).toBe(`<script src="${CDN}/npm/alpha@2.1.0/dist/alpha.min.js"></script>`);
  expect(widget.getByText('Copied!')).toBeInTheDocument();
  await user.click(widget.getByRole('button', { name: 'Copy the URL of alpha' }));
  expect(await navigator.clipboard.readText()).toBe(`${CDN}/npm/alpha@2.1.0/dist/alpha.min.js`);
  unmount();
});

test('without a default file the entrypoints name the file; a stylesheet gets a link tag', async () => {
  mocked.files.mockResolvedValue({ type: 'npm', name: 'alpha', version: '2.1.0', default: null, files: [] });
  mocked.entrypoints.mockResolvedValue({ entrypoints: { css: { file: '/dist/alpha.css', guessed: false } } });
  const { host, unmount } = mountInto({ type: 'npm', name: 'alpha' });
  const widget = within(widgetIn(host));
  expect(await widget.findByText(`<link rel="stylesheet" href="${CDN}/npm/alpha@2.1.0/dist/alpha.css">`)).toBeInTheDocument();
  unmount();
});

test('statistics that cannot be read show n/a, the install block still works', async () => {
  mocked.stats.mockRejectedValue({ status: 500, message: 'down' });
  const { host, unmount } = mountInto({ type: 'npm', name: 'alpha' });
  const widget = within(widgetIn(host));
  await widget.findByText(`${CDN}/npm/alpha@2.1.0/dist/alpha.min.js`);
  expect(widget.getByText('Requests this month').nextSibling).toHaveTextContent('n/a');
  unmount();
});

test('an unknown package shows the not-found text of the catalogue', async () => {
  mocked.versions.mockRejectedValue(404);
  const { host, unmount } = mountInto({ type: 'npm', name: 'no-such-package' });
  const widget = within(widgetIn(host));
  expect(await widget.findByRole('alert')).toHaveTextContent(
    'Package no-such-package was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.',
  );
  unmount();
});

test('an upstream failure names the upstream, a request without an answer the connection', async () => {
  mocked.versions.mockRejectedValue(502);
  const first = mountInto({ type: 'gh', name: 'octo/widgets' });
  await waitFor(() =>
    expect(within(widgetIn(first.host)).getByRole('alert')).toHaveTextContent(
      /^Package octo\/widgets failed to load: GitHub did not answer our servers properly \(HTTP 502\)/,
    ),
  );
  first.unmount();

  mocked.versions.mockRejectedValue(new TypeError('Failed to fetch'));
  const second = mountInto({ type: 'npm', name: 'offline' });
  await waitFor(() =>
    expect(within(widgetIn(second.host)).getByRole('alert')).toHaveTextContent(
      /^Package offline failed to load\. There might be a problem with your internet connection\./,
    ),
  );
  second.unmount();
});

test('props with a path still mount a page, not the widget', async () => {
  const { host, unmount } = mountInto({ path: '/package/npm/left-pad', type: 'npm', name: 'alpha' });
  expect(host.querySelector('[data-package-widget]')).toBeNull();
  await waitFor(() => expect(host).toHaveTextContent('left-pad'));
  unmount();
});

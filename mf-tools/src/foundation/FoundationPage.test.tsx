import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { clearHttpCache, resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { FoundationPage, MULTIPLE_TYPES_TEXT } from '../pages/FoundationPage';
import { installFakeFetch } from '../testing/fakeFetch';

const config = testRuntimeConfig('http://data.test');
const API = 'http://data.test/v1/packages/npm/foundation-sites';
const versions = {
  type: 'npm',
  name: 'foundation-sites',
  tags: { latest: '6.8.1' },
  versions: ['6.8.1', '6.7.5', '5.5.3'].map((version) => ({
    version,
    links: { self: `${API}@${version}`, stats: '', tarball: `http://registry.test/foundation-sites/-/foundation-sites-${version}.tgz` },
  })),
};
const listing = (version: string, extra: number) => ({
  type: 'npm',
  name: 'foundation-sites',
  version,
  default: '/dist/js/foundation.min.js',
  files: [
    { name: '/dist/css/foundation.min.css', hash: 'CSS', size: 1 },
    { name: '/dist/js/foundation.min.js', hash: 'JS', size: 1 },
    ...Array.from({ length: extra }, (_, i) => ({ name: `/dist/js/plugins/p${i}.js`, hash: `P${i}`, size: 1 })),
  ],
});

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

function renderPage() {
  render(
    <MemoryRouter>
      <FoundationPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  clearHttpCache();
  setRuntimeConfig(config);
});
afterEach(() => resetRuntimeConfig());

test('latest version, quick lines, first two files preselected, show more after 5, select all', async () => {
  installFakeFetch({
    [`${API}@6.8.1?structure=flat`]: { body: listing('6.8.1', 5) },
    [API]: { body: versions },
  });
  renderPage();
  await settle();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Foundation CDN');
  expect(
    screen.getByText(
      `<script src="${config.cdnUrl}/npm/foundation-sites@6.8.1/dist/js/foundation.min.js" integrity="sha256-JS" crossorigin="anonymous"></script>`,
    ),
  ).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Files' });
  expect(within(list).getAllByRole('checkbox')).toHaveLength(5);
  expect(
    within(list)
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).checked),
  ).toEqual([true, true, false, false, false]);
  expect(screen.getByTestId('customize-bar')).toHaveTextContent('2 files selected');
  expect(screen.getByTestId('customize-bar')).toHaveTextContent(MULTIPLE_TYPES_TEXT);

  fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
  expect(within(list).getAllByRole('checkbox')).toHaveLength(7);
  fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
  expect(within(list).getAllByRole('checkbox')).toHaveLength(5);

  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
  expect(screen.getByTestId('customize-bar')).toHaveTextContent('7 files selected');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
  expect(screen.getByTestId('customize-bar')).toHaveTextContent('0 files selected');
  expect(screen.getByRole('button', { name: 'View' })).toBeDisabled();

  expect(screen.getByRole('link', { name: 'Download foundation-sites-6.8.1.tgz' })).toHaveAttribute(
    'href',
    'http://registry.test/foundation-sites/-/foundation-sites-6.8.1.tgz',
  );
});

test('options: SRI turns the tag on; the view modal has its own options', async () => {
  installFakeFetch({ [`${API}@6.8.1?structure=flat`]: { body: listing('6.8.1', 0) }, [API]: { body: versions } });
  renderPage();
  await settle();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Enable SRI' }));
  expect(screen.getByRole('checkbox', { name: 'Add script tag' })).toBeChecked();
  expect(screen.getByTestId('customize-links')).toHaveTextContent('integrity="sha256-JS"');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Add script tag' }));
  expect(screen.getByRole('checkbox', { name: 'Enable SRI' })).not.toBeChecked();

  fireEvent.click(screen.getByRole('button', { name: 'View' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByTestId('modal-links').textContent).toBe(
    `${config.cdnUrl}/npm/foundation-sites@6.8.1/dist/js/foundation.min.js\n${config.cdnUrl}/npm/foundation-sites@6.8.1/dist/css/foundation.min.css`,
  );
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Enable SRI' }));
  expect(within(dialog).getByRole('checkbox', { name: 'Add HTML tag' })).toBeChecked();
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Group links' }));
  expect(within(dialog).getByRole('checkbox', { name: 'Enable SRI' })).not.toBeChecked();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('changing the version reloads the file list', async () => {
  const fetchMock = installFakeFetch({
    [`${API}@6.8.1?structure=flat`]: { body: listing('6.8.1', 0) },
    [`${API}@6.7.5?structure=flat`]: { body: listing('6.7.5', 3) },
    [API]: { body: versions },
  });
  renderPage();
  await settle();
  fireEvent.click(screen.getByRole('button', { name: /^Version: 6\.8\.1/ }));
  expect(screen.queryByRole('option', { name: '5.5.3' })).toBeNull();
  fireEvent.click(screen.getByRole('option', { name: '6.7.5' }));
  await settle();
  expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain(`${API}@6.7.5?structure=flat`);
  expect(within(screen.getByRole('list', { name: 'Files' })).getAllByRole('checkbox')).toHaveLength(5);
});

test('failures are logged with their texts and leave an empty state', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeFetch({ [API]: { status: 502, body: { status: 502, message: 'upstream' } } });
  renderPage();
  await settle();
  expect(log).toHaveBeenCalledWith('Package versions not found.', expect.anything());
  expect(screen.getByRole('alert')).toHaveTextContent(/could not be loaded/);

  clearHttpCache();
  log.mockClear();
  installFakeFetch({ [`${API}@6.8.1?structure=flat`]: { status: 404, body: { status: 404, message: 'no' } }, [API]: { body: versions } });
  renderPage();
  await settle();
  expect(log).toHaveBeenCalledWith('Package files not found.', expect.anything());
  log.mockRestore();
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { searchPackages } from '@skylift/shared/search';
import { EsmPage, ESM_SEARCH_PATH } from '../pages/EsmPage';
import { installFakeFetch } from '../testing/fakeFetch';
import { resetEsmTools } from './esmConfig';

jest.mock('@skylift/shared/search', () => ({
  ...jest.requireActual('@skylift/shared/search'),
  searchPackages: jest.fn(),
}));

const search = searchPackages as jest.MockedFunction<typeof searchPackages>;
const config = testRuntimeConfig('http://data.test');

async function settle(ms = 0): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 8; i++) await Promise.resolve();
  });
}

function renderPage() {
  render(
    <MemoryRouter>
      <EsmPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  resetEsmTools();
  setRuntimeConfig(config);
  search.mockReset();
  search.mockImplementation(
    async (_config, params) =>
      ({
        hits: ['react', 'react-dom', 'react-is', 'react-router', 'react-redux', 'react-query'].map((name) => ({
          objectID: name,
          name,
          description: `${name} package`,
        })),
        nbHits: 6,
        nbPages: 1,
        page: 0,
        query: params.query ?? '',
      }) as never,
  );
});
afterEach(() => {
  jest.useRealTimers();
  resetRuntimeConfig();
});

test('autocomplete asks our search for 5 hits and a pick fills the input, the links and the sandbox form', async () => {
  installFakeFetch({
    [`${config.wwwUrl}/config.json`]: {
      body: { esm: { sandboxUrl: 'https://sandbox.test/post', moduleCdns: [{ name: 'Other', template: 'https://other.test/{name}?module' }] } },
    },
  });
  renderPage();
  await settle();
  const input = screen.getByRole('combobox', { name: 'Package name' });
  fireEvent.change(input, { target: { value: 'rea' } });
  await settle(100);
  expect(search).toHaveBeenCalledWith(config.search, { query: 'rea', hitsPerPage: 5 });
  const options = screen.getAllByRole('option');
  expect(options).toHaveLength(5);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(input).toHaveValue('react-dom');
  expect(screen.queryByRole('listbox')).toBeNull();

  expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', `${config.esmRunUrl}/react-dom`);
  const form = screen.getByRole('button', { name: 'Open in JSFiddle' }).closest('form')!;
  expect(form).toHaveAttribute('action', 'https://sandbox.test/post');
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('target', '_blank');
  const fields = Object.fromEntries(new FormData(form).entries());
  expect(fields).toEqual({ title: 'react-dom from esm.run', js: `import * as ReactDom from '${config.esmRunUrl}/react-dom';\n\nconsole.log(ReactDom);\n` });
  expect(screen.getByRole('row', { name: /Other/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse packages that ship ES modules' })).toHaveAttribute('href', ESM_SEARCH_PATH);
  expect(ESM_SEARCH_PATH).toBe('/?query=*%20type%3A%20esm');
});

test('without a package the sandbox and new-tab actions are disabled; the defaults apply without configuration', async () => {
  installFakeFetch({});
  renderPage();
  await settle();
  expect(screen.getByRole('button', { name: 'Open in JSFiddle' })).toBeDisabled();
  expect(screen.queryByRole('link', { name: 'Open in a new tab' })).toBeNull();
  expect(screen.getByRole('row', { name: /esm\.sh/ })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /Skypack/ })).toBeInTheDocument();
});

/** What a benchmark frame was told to import, from the fragment of its address. */
function frameTarget(frame: HTMLIFrameElement): { url: string; token: string } {
  const address = frame.getAttribute('src') ?? '';
  return JSON.parse(decodeURIComponent(address.slice(address.indexOf('#') + 1))) as { url: string; token: string };
}

test('the benchmark shows no figures before a run, says how it works, and one press runs it in sandboxed frames', async () => {
  installFakeFetch({});
  renderPage();
  await settle();
  expect(screen.getByText(/No figures yet/)).toBeInTheDocument();
  expect(screen.queryByText(/ ms$/)).toBeNull();
  expect(screen.getByTestId('benchmark-instructions')).toHaveTextContent('canvas-confetti');
  expect(document.querySelector('iframe')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Run benchmark' }));
  await settle();
  const frame = document.querySelector('iframe')!;
  expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  expect(frameTarget(frame).url).toBe(`${config.cdnUrl}/npm/canvas-confetti/+esm`);
  expect(screen.getByRole('button', { name: /Running the benchmark/ })).toBeDisabled();
  const token = frameTarget(frame).token;
  await act(async () => {
    window.dispatchEvent(new MessageEvent('message', { data: { token, duration: 141.6, requests: 3 }, source: frame.contentWindow }));
  });
  await settle();
  expect(screen.getByRole('row', { name: /Skylift/ })).toHaveTextContent('142 ms');
  // The next service fails: its row says so.
  const second = document.querySelector('iframe')!;
  const secondToken = frameTarget(second).token;
  await act(async () => {
    window.dispatchEvent(new MessageEvent('message', { data: { token: secondToken, error: 'Failed to fetch' }, source: second.contentWindow }));
  });
  await settle();
  expect(screen.getByText('Failed - esm.sh')).toBeInTheDocument();
  // The last one never answers and times out.
  await settle(30_000);
  await settle();
  expect(screen.getByText('Failed - Skypack')).toBeInTheDocument();
  expect(screen.getByText(/Measured in this browser at/)).toBeInTheDocument();
  expect(document.querySelector('iframe')).toBeNull();
});

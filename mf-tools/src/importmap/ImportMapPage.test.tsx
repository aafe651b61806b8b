import { act, fireEvent, render, screen } from '@testing-library/react';
import { clearHttpCache, resetRuntimeConfig, setRuntimeConfig, type ImportMapAnswer } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { ImportMapPage } from '../pages/ImportMapPage';
import { installFakeFetch } from '../testing/fakeFetch';

const config = testRuntimeConfig('http://data.test');
const CDN = 'https://cdn.example.test';
const REACT = `${CDN}/npm/react@18.3.1/+esm`;
const CLIENT = `${CDN}/npm/react-dom@18.3.1/client/+esm`;

const ANSWER: ImportMapAnswer = {
  packages: [
    { spec: 'react@18', name: 'react', version: '18.3.1', subpath: '', specifier: 'react', url: REACT },
    { spec: 'react-dom@18/client', name: 'react-dom', version: '18.3.1', subpath: '/client', specifier: 'react-dom/client', url: CLIENT },
  ],
  importMap: { imports: { react: REACT, 'react-dom/client': CLIENT }, integrity: { [REACT]: 'sha384-AAA', [CLIENT]: 'sha384-BBB' } },
  preload: [
    { url: REACT, integrity: 'sha384-AAA' },
    { url: CLIENT, integrity: 'sha384-BBB' },
  ],
  html: `<script type="importmap">\n{}\n</script>\n<link rel="modulepreload" href="${REACT}" integrity="sha384-AAA" crossorigin="anonymous">`,
};

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 8; i++) await Promise.resolve();
  });
}

function typeList(text: string) {
  fireEvent.change(screen.getByLabelText('Packages', { selector: 'textarea' }), { target: { value: text } });
}

beforeEach(() => {
  clearHttpCache();
  setRuntimeConfig(config);
});
afterEach(() => resetRuntimeConfig());

test('the button waits for a package; the list goes to the data API as one parameter, a spec per line; the HTML and map are shown with copy buttons', async () => {
  const fetchMock = installFakeFetch({ [`${config.dataApiUrl}/v1/importmap`]: { body: ANSWER } });
  render(<ImportMapPage />);
  const button = screen.getByRole('button', { name: 'Generate import map' });
  expect(button).toBeDisabled();

  typeList('react@18\n  react-dom@18/client , ');
  expect(button).toBeEnabled();
  fireEvent.click(button);
  expect(screen.getByRole('button', { name: /Generating/ })).toBeDisabled();
  await settle();

  expect(fetchMock).toHaveBeenCalledTimes(1);
  const asked = new URL(String(fetchMock.mock.calls[0]![0]));
  expect(asked.pathname).toBe('/v1/importmap');
  expect(asked.searchParams.get('packages')).toBe('react@18\nreact-dom@18/client');

  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['react → react@18.3.1', 'react-dom/client → react-dom@18.3.1']);
  expect(screen.getByTestId('importmap-html')).toHaveTextContent('<script type="importmap">');
  expect(screen.getByTestId('importmap-html')).toHaveTextContent('integrity="sha384-AAA"');
  expect(JSON.parse(screen.getByTestId('importmap-json').textContent ?? '')).toEqual(ANSWER.importMap);
  expect(screen.getByRole('button', { name: 'Copy the HTML' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy the import map' })).toBeInTheDocument();
  expect(screen.getByText(/<head>/)).toBeInTheDocument();
});

test('build options go with their spec, the commas of a list option kept, and are shown beside the version', async () => {
  const dev = { ...ANSWER, packages: [{ ...ANSWER.packages[0]!, spec: 'react@18?dev' }] };
  const fetchMock = installFakeFetch({ [`${config.dataApiUrl}/v1/importmap`]: { body: dev } });
  render(<ImportMapPage />);
  typeList('react@18?dev, swr@2?deps=react@18.3.1,react-dom@18.3.1\nlit');
  fireEvent.click(screen.getByRole('button', { name: 'Generate import map' }));
  await settle();
  const asked = new URL(String(fetchMock.mock.calls[0]![0]));
  expect(asked.searchParams.get('packages')).toBe('react@18?dev\nswr@2?deps=react@18.3.1,react-dom@18.3.1\nlit');
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['react → react@18.3.1 ?dev']);
});

test("the API's error sentence is shown as an alert, and no map", async () => {
  installFakeFetch({
    [`${config.dataApiUrl}/v1/importmap`]: { status: 404, body: { status: 404, message: 'no-such-pkg: Failed to fetch version info for no-such-pkg.' } },
  });
  render(<ImportMapPage />);
  typeList('no-such-pkg');
  fireEvent.click(screen.getByRole('button', { name: 'Generate import map' }));
  await settle();

  expect(screen.getByRole('alert')).toHaveTextContent('no-such-pkg: Failed to fetch version info for no-such-pkg.');
  expect(screen.queryByTestId('importmap-html')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Generate import map' })).toBeEnabled();
});

import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { clearHttpCache, resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { EsmShConverterPage } from '../pages/EsmShConverterPage';
import { GitHubConverterPage } from '../pages/GitHubConverterPage';
import { SkypackConverterPage } from '../pages/SkypackConverterPage';
import { UnpkgConverterPage } from '../pages/UnpkgConverterPage';
import { installFakeFetch } from '../testing/fakeFetch';
import { CONVERSION_THROTTLE_MS, INPUT_DEBOUNCE_MS, MODULE_CDN_DEBOUNCE_MS } from './timing';
import styles from './ConverterPage.module.css';

const config = testRuntimeConfig('http://data.test');

function renderPage(page: ReactElement) {
  render(<MemoryRouter>{page}</MemoryRouter>);
  return {
    input: screen.getByLabelText(/link$/, { selector: 'input:not([readonly])' }) as HTMLInputElement,
    output: () => screen.getByLabelText(/link$/, { selector: 'input[readonly]' }) as HTMLInputElement,
  };
}

/** Lets pending promise callbacks run after timers moved. */
async function flush(ms = 0): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  clearHttpCache();
  setRuntimeConfig(config);
});
afterEach(() => {
  jest.useRealTimers();
  resetRuntimeConfig();
});

test('a valid link shows our link at once, lights the indicator and offers Copy', async () => {
  const { input, output } = renderPage(<UnpkgConverterPage />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Migrating from unpkg to Skylift');
  fireEvent.change(input, { target: { value: 'https://unpkg.com/jquery@3.7.1/dist/jquery.min.js' } });
  expect(output().value).toBe(`${config.cdnUrl}/npm/jquery@3.7.1/dist/jquery.min.js`);
  expect(screen.getByTestId('conversion-indicator')).toHaveClass(styles.indicatorActive!);
  expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
});

test('an invalid link shows the error text in the output, without success styling or Copy', async () => {
  const { input, output } = renderPage(<UnpkgConverterPage />);
  fireEvent.change(input, { target: { value: 'https://example.com/jquery.js' } });
  await flush(INPUT_DEBOUNCE_MS);
  expect(output().value).toBe("Sorry, this doesn't look like a valid unpkg link :(");
  expect(output()).toHaveAttribute('aria-invalid', 'true');
  expect(output()).not.toHaveClass(styles.outputSuccess!);
  expect(screen.getByTestId('conversion-indicator')).not.toHaveClass(styles.indicatorActive!);
  expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
});

test('?module on unpkg gives an esm.run link from the configuration', async () => {
  const { input, output } = renderPage(<UnpkgConverterPage />);
  fireEvent.change(input, { target: { value: 'https://unpkg.com/lit@3?module' } });
  await flush(INPUT_DEBOUNCE_MS);
  expect(output().value).toBe(`${config.esmRunUrl}/lit@3`);
});

test('lookups are debounced, then throttled to one a second; the last input wins', async () => {
  const calls: string[] = [];
  installFakeFetch({
    'http://data.test/': (url) => {
      calls.push(url);
      return { body: { version: null } };
    },
  });
  const { input, output } = renderPage(<GitHubConverterPage />);
  fireEvent.change(input, { target: { value: 'https://github.com/u/r/blob/a/x.js' } });
  await flush(INPUT_DEBOUNCE_MS - 1);
  expect(calls).toHaveLength(0);
  fireEvent.change(input, { target: { value: 'https://github.com/u/r/blob/b/x.js' } });
  await flush(INPUT_DEBOUNCE_MS);
  expect(calls).toHaveLength(1);
  expect(output().value).toBe(`${config.cdnUrl}/gh/u/r@b/x.js`);

  fireEvent.change(input, { target: { value: 'https://github.com/u/r/blob/c/x.js' } });
  await flush(INPUT_DEBOUNCE_MS);
  expect(calls).toHaveLength(1); // within a second of the last conversion
  await flush(CONVERSION_THROTTLE_MS);
  expect(calls).toHaveLength(2);
  expect(output().value).toBe(`${config.cdnUrl}/gh/u/r@c/x.js`);
});

test('a result that arrives after the input changed is dropped', async () => {
  let release: (answer: { body: unknown }) => void = () => {};
  installFakeFetch({ 'http://data.test/': () => new Promise((resolve) => (release = resolve)) });
  const { input, output } = renderPage(<GitHubConverterPage />);
  fireEvent.change(input, { target: { value: 'https://github.com/u/r/blob/abc1234/x.js' } });
  await flush(INPUT_DEBOUNCE_MS);
  fireEvent.change(input, { target: { value: 'https://gitlab.com/nope' } });
  await act(async () => release({ body: { version: 'abc1234'.padEnd(40, '0') } }));
  await flush();
  expect(output().value).toBe('');
  await flush(CONVERSION_THROTTLE_MS);
  expect(output().value).toBe("Sorry, this doesn't look like a valid GitHub link :(");
});

test('the Skypack and esm.sh converters answer a complete link at once, and call one wrong only after a 1000 ms pause in typing', async () => {
  const { input, output } = renderPage(<SkypackConverterPage />);
  fireEvent.change(input, { target: { value: 'https://cdn.skypack.dev/react@17' } });
  expect(output().value).toBe(`${config.cdnUrl}/npm/react@17/+esm`);
  fireEvent.change(input, { target: { value: 'https://cdn.skypack.dev/react@17 ' } });
  fireEvent.change(input, { target: { value: 'https://cdn.skypack.dev/react@17 x' } });
  await flush(MODULE_CDN_DEBOUNCE_MS - 1);
  expect(output().value).toBe(`${config.cdnUrl}/npm/react@17/+esm`);
  await flush(1);
  expect(output().value).toBe("Sorry, this doesn't look like a valid Skypack link :(");
});

test('esm.sh: a GitHub repository stays a GitHub link, and ?dev gives the development build, at once', async () => {
  const { input, output } = renderPage(<EsmShConverterPage />);
  fireEvent.change(input, { target: { value: 'https://esm.sh/gh/microsoft/tslib' } });
  expect(output().value).toBe(`${config.cdnUrl}/gh/microsoft/tslib/`);
  fireEvent.change(input, { target: { value: 'https://esm.sh/react@18?dev' } });
  expect(output().value).toBe(`${config.cdnUrl}/npm/react@18/+esm?dev`);
});

test('a GitHub link whose ref must be looked up says so while the lookup runs, then shows the link', async () => {
  let release: (answer: { body: unknown }) => void = () => {};
  installFakeFetch({ 'http://data.test/': () => new Promise((resolve) => (release = resolve)) });
  const { input, output } = renderPage(<GitHubConverterPage />);
  fireEvent.change(input, { target: { value: 'https://github.com/twbs/bootstrap/tree/main/dist/js' } });
  expect(screen.getByRole('status')).toHaveTextContent('Looking up the commit of main…');
  expect(output()).toHaveAttribute('aria-busy', 'true');
  await flush(INPUT_DEBOUNCE_MS);
  expect(screen.getByRole('status')).toHaveTextContent('Looking up the commit of main…');
  await act(async () => release({ body: { version: null } }));
  await flush();
  expect(screen.queryByText('Looking up the commit of main…')).toBeNull();
  expect(output()).not.toHaveAttribute('aria-busy');
  expect(output().value).toBe(`${config.cdnUrl}/gh/twbs/bootstrap@main/dist/js/`);
});

test('emptying the input clears the output at once', async () => {
  const { input, output } = renderPage(<SkypackConverterPage />);
  fireEvent.change(input, { target: { value: 'https://cdn.skypack.dev/react@17' } });
  await flush(MODULE_CDN_DEBOUNCE_MS);
  expect(output().value).toBe(`${config.cdnUrl}/npm/react@17/+esm`);
  fireEvent.change(input, { target: { value: '' } });
  expect(output().value).toBe('');
  expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
});

test('an .html link shows the plain-text warning', async () => {
  const { input } = renderPage(<GitHubConverterPage />);
  installFakeFetch({ 'http://data.test/': { body: { version: null } } });
  expect(screen.queryByText(/serves HTML files as plain text/)).toBeNull();
  fireEvent.change(input, { target: { value: 'https://github.com/u/r/blob/main/index.html' } });
  expect(screen.getByText(/serves HTML files as plain text/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'GitHub Pages' })).toBeInTheDocument();
});

test('Copy says "Copied!" for a second, or "Press Ctrl+C to copy" when the clipboard refuses', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  const { input } = renderPage(<UnpkgConverterPage />);
  fireEvent.change(input, { target: { value: 'https://unpkg.com/react@18' } });
  await flush(INPUT_DEBOUNCE_MS);
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  await flush();
  expect(writeText).toHaveBeenCalledWith(`${config.cdnUrl}/npm/react@18`);
  expect(screen.getByText('Copied!')).toBeInTheDocument();
  await flush(1000);
  expect(screen.queryByText('Copied!')).toBeNull();
  writeText.mockRejectedValue(new Error('denied'));
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  await flush();
  expect(screen.getByText('Press Ctrl+C to copy')).toBeInTheDocument();
});

test('module CDN pages have the comparison table and "See All Features"', () => {
  renderPage(<SkypackConverterPage />);
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See All Features' })).toHaveAttribute('href', '/');
});

test.each([
  [<SkypackConverterPage key="skypack" />, 'Skypack', 'https://cdn.skypack.dev/preact@10/hooks', `${config.cdnUrl}/npm/preact@10/hooks/+esm`],
  [<EsmShConverterPage key="esmsh" />, 'esm.sh', 'https://esm.sh/react-dom@18.2/client', `${config.cdnUrl}/npm/react-dom@18.2/client/+esm`],
])('comparison table %# shows each link form of the other service beside ours', (page, source, theirs, ours) => {
  renderPage(page);
  const table = screen.getByRole('table');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Link to', source, 'Skylift']);
  const row = within(table).getByRole('row', { name: new RegExp(theirs.replace(/[.?^$]/g, '\\$&')) });
  const cells = within(row).getAllByRole('cell');
  expect(cells.map((cell) => cell.textContent)).toEqual([theirs, ours]);
  // Every row has both columns filled.
  for (const other of within(table).getAllByRole('row').slice(1)) {
    expect(
      within(other)
        .getAllByRole('cell')
        .every((cell) => (cell.textContent ?? '').startsWith('http')),
    ).toBe(true);
  }
});

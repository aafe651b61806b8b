/**
 * The install block offers what runs in a browser: a CommonJS default file (react's index.js) opens on the ES
 * module build with a line saying why; a static file of the exact version gets "Copy HTML + SRI" beside "Copy
 * HTML", as does the module build at its pinned URL; and every URL keeps its file in view on a phone.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as shared from '@skylift/shared';
import type { PackageEntrypoints } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { InstallBlock } from './InstallBlock';

jest.mock('@skylift/shared', () => ({ ...jest.requireActual('@skylift/shared'), getJson: jest.fn() }));
const api = shared as jest.Mocked<typeof shared>;

const CDN = 'https://cdn.example.test';
const copied: string[] = [];

beforeEach(() => {
  shared.setRuntimeConfig(testRuntimeConfig());
  copied.length = 0;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
  api.getJson.mockReset();
  api.getJson.mockImplementation(async (url: string) => {
    if (url === `${CDN}/npm/react@19.2.0/+esm?meta`) return { url: `${CDN}/npm/react@19.2.0/+esm/b1`, integrity: 'sha384-PINNED', exports: [] };
    throw new Error(`unexpected request ${url}`);
  });
});

function renderBlock(name: string, version: string, entrypoints: PackageEntrypoints['entrypoints']) {
  return render(<InstallBlock pkg={{ type: 'npm', name }} cdnUrl={CDN} version={version} versions={[version]} jsEntry entrypoints={entrypoints} />);
}

const copy = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
  return copied.at(-1);
};

test('a CommonJS default file opens on the ES module build and says why; Default still warns', async () => {
  renderBlock('react', '19.2.0', { js: { file: '/index.js', guessed: false, integrity: 'sha384-INDEX', format: 'commonjs' } });
  expect(screen.getAllByRole('radio', { name: 'ESM' })[0]).toHaveAttribute('aria-checked', 'true');
  expect(screen.getByTestId('install-html-esm')).toHaveTextContent(`import React from '${CDN}/npm/react@19.2.0/+esm'`);
  expect(screen.queryByText(/<script src=/)).toBeNull();
  expect(screen.getByRole('note')).toHaveTextContent(
    '/index.js is CommonJS: it needs require, module and process, which a browser does not have, so a <script> tag cannot run it. The ES module build (+esm) below runs in a browser.',
  );
  fireEvent.click(screen.getAllByRole('radio', { name: 'Default' })[0]!);
  expect(screen.getByTestId('install-url-js')).toHaveTextContent(`${CDN}/npm/react@19.2.0/index.js`);
  expect(screen.getByRole('note')).toHaveTextContent('Choose ESM for a build that runs in a browser.');
});

test('the ES module build of the exact version is copied with integrity at its pinned URL; the convenient URL never carries it', async () => {
  renderBlock('react', '19.2.0', { js: { file: '/index.js', guessed: false, format: 'commonjs' } });
  expect(await copy('Copy HTML (ESM)')).toBe(`<script type="module"> import React from '${CDN}/npm/react@19.2.0/+esm' </script>`);
  await screen.findByRole('button', { name: 'Copy HTML + SRI (ESM)' });
  expect(await copy('Copy HTML + SRI (ESM)')).toBe(
    `<link rel="modulepreload" href="${CDN}/npm/react@19.2.0/+esm/b1" integrity="sha384-PINNED" crossorigin="anonymous">\n<script type="module"> import React from '${CDN}/npm/react@19.2.0/+esm/b1' </script>`,
  );
});

test('a static file gets "Copy HTML + SRI" with its SHA-384 beside "Copy HTML", for the exact version only', async () => {
  renderBlock('jquery', '3.7.1', {
    js: { file: '/dist/jquery.min.js', guessed: false, integrity: 'sha384-JQUERY', format: 'script' },
    css: { file: '/dist/jquery.css', guessed: false, integrity: 'sha384-CSS' },
  });
  expect(screen.getAllByRole('radio', { name: 'Default' })[0]).toHaveAttribute('aria-checked', 'true');
  expect(screen.queryByRole('note')).toBeNull();
  expect(await copy('Copy HTML (JS)')).toBe(`<script src="${CDN}/npm/jquery@3.7.1/dist/jquery.min.js"></script>`);
  expect(await copy('Copy HTML + SRI (JS)')).toBe(
    `<script src="${CDN}/npm/jquery@3.7.1/dist/jquery.min.js" integrity="sha384-JQUERY" crossorigin="anonymous"></script>`,
  );
  expect(await copy('Copy HTML + SRI (CSS)')).toBe(
    `<link rel="stylesheet" href="${CDN}/npm/jquery@3.7.1/dist/jquery.css" integrity="sha384-CSS" crossorigin="anonymous">`,
  );
  // Latest Patch names whatever 3.7.x is newest: no hash can hold for it.
  fireEvent.click(screen.getByRole('button', { name: /Version to link/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Latest Patch' }));
  expect(screen.getByTestId('install-url-js')).toHaveTextContent(`${CDN}/npm/jquery@3.7/dist/jquery.min.js`);
  expect(screen.queryByRole('button', { name: /Copy HTML \+ SRI/ })).toBeNull();
  expect(api.getJson).not.toHaveBeenCalled();
});

test('a URL keeps its file whole and cuts the part before it, the whole address as its text and title', () => {
  renderBlock('jquery', '3.7.1', { js: { file: '/dist/jquery.min.js', guessed: false, format: 'script' } });
  const url = screen.getByTestId('install-url-js');
  expect(url).toHaveAttribute('title', `${CDN}/npm/jquery@3.7.1/dist/jquery.min.js`);
  expect(url.textContent).toBe(`${CDN}/npm/jquery@3.7.1/dist/jquery.min.js`);
  const [head, tail] = Array.from(url.children);
  expect(head).toHaveTextContent(`${CDN}/npm/jquery@3.7.1/dist`);
  expect(tail).toHaveTextContent('/jquery.min.js');
});

test('no pinned build, no SRI for the module: the CDN could not describe it', async () => {
  api.getJson.mockRejectedValue({ status: 502, message: 'could not be built' });
  renderBlock('react', '19.2.0', { js: { file: '/index.js', guessed: false, format: 'commonjs' } });
  await waitFor(() => expect(api.getJson).toHaveBeenCalledWith(`${CDN}/npm/react@19.2.0/+esm?meta`));
  expect(screen.getByRole('button', { name: 'Copy HTML (ESM)' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Copy HTML + SRI (ESM)' })).toBeNull();
});

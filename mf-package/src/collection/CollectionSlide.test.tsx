import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { clearCollection, collection$, collectionOptions$, setCollectionOption, toggleCollectionItem } from '@skylift/shared/links';
import { CollectionSlide, EMPTY_COLLECTION_TEXT } from './CollectionSlide';
import styles from './collection.module.css';

const CDN = testRuntimeConfig().cdnUrl;
const jsA = { type: 'npm' as const, name: 'alpha', version: '2.1.0', file: '/dist/alpha.js', hash: 'HASHA=', isDefault: true };
const jsB = { type: 'npm' as const, name: 'beta', version: '1.0.0', file: '/beta.js', hash: 'HASHB=', isDefault: false };
const css = { type: 'npm' as const, name: 'alpha', version: '2.1.0', file: '/dist/alpha.css', hash: 'HASHC=', isDefault: false };

function renderSlide(onBack = jest.fn()) {
  render(
    <MemoryRouter>
      <CollectionSlide type="npm" name="alpha" version="2.1.0" onBack={onBack} />
    </MemoryRouter>,
  );
  return { onBack };
}

const fileOrder = () =>
  within(screen.getByRole('list', { name: 'Selected files' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector(`.${styles.collPath}`)?.textContent);

beforeEach(() => {
  setRuntimeConfig(testRuntimeConfig());
  act(() => {
    setCollectionOption('sri', false);
    setCollectionOption('html', false);
    setCollectionOption('optimize', true);
    setCollectionOption('alias', false);
    clearCollection();
  });
});

afterAll(() => resetRuntimeConfig());

test('an empty collection says how to add files', () => {
  renderSlide();
  expect(screen.getByText(EMPTY_COLLECTION_TEXT)).toBeInTheDocument();
  expect(EMPTY_COLLECTION_TEXT).toBe('No files selected. Select the files you want to use using the switches on the left.');
});

test('opened from far down the package page, it brings its heading into view', () => {
  const scrolled = jest.fn();
  const rect = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top: -900 } as DOMRect);
  Element.prototype.scrollIntoView = scrolled;
  renderSlide();
  expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('region', { name: 'Your collection' }));

  // Already in view: nothing moves.
  scrolled.mockClear();
  rect.mockReturnValue({ top: 40 } as DOMRect);
  renderSlide();
  expect(scrolled).not.toHaveBeenCalled();
  rect.mockRestore();
});

test('the back link returns to the package', async () => {
  const { onBack } = renderSlide();
  await userEvent.click(screen.getByRole('button', { name: /Back to alpha/ }));
  expect(onBack).toHaveBeenCalledTimes(1);
});

test('shows a link per file and a combined link for several JS files, with the relative-imports warning', () => {
  [jsA, css, jsB].forEach((item) => toggleCollectionItem(item));
  renderSlide();
  expect(screen.getByText(`${CDN}/npm/alpha@2.1.0/dist/alpha.min.js`)).toBeInTheDocument();
  expect(screen.getByText(`${CDN}/npm/alpha@2.1.0/dist/alpha.min.css`)).toBeInTheDocument();
  expect(screen.getByText(`${CDN}/combine/npm/alpha@2.1.0/dist/alpha.min.js,npm/beta@1.0.0/beta.min.js`)).toBeInTheDocument();
  expect(screen.getByText(/relative imports inside them .* may break/)).toBeInTheDocument();
});

test('removing one file and then all of them', async () => {
  const user = userEvent.setup();
  [jsA, jsB].forEach((item) => toggleCollectionItem(item));
  renderSlide();
  await user.click(screen.getByRole('button', { name: 'Remove beta@1.0.0/beta.js' }));
  expect(fileOrder()).toEqual(['/dist/alpha.js']);
  expect(collection$.getValue()).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'Remove all' }));
  expect(screen.getByText(EMPTY_COLLECTION_TEXT)).toBeInTheDocument();
});

test('reordering by keyboard moves the file, keeps focus on it and announces the move', async () => {
  const user = userEvent.setup();
  [jsA, jsB, css].forEach((item) => toggleCollectionItem(item));
  renderSlide();
  const handle = screen.getByRole('button', { name: /^Reorder alpha@2.1.0\/dist\/alpha.js/ });
  handle.focus();
  await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
  expect(fileOrder()).toEqual(['/beta.js', '/dist/alpha.js', '/dist/alpha.css']);
  expect(screen.getByRole('button', { name: /^Reorder alpha@2.1.0\/dist\/alpha.js, position 2 of 3/ })).toHaveFocus();
  expect(screen.getByText('alpha@2.1.0/dist/alpha.js moved to position 2 of 3.')).toBeInTheDocument();
  // Arrows without Alt do not move anything.
  await user.keyboard('{ArrowDown}');
  expect(fileOrder()).toEqual(['/beta.js', '/dist/alpha.js', '/dist/alpha.css']);
  await user.click(screen.getByRole('button', { name: 'Move alpha@2.1.0/dist/alpha.css up' }));
  expect(fileOrder()).toEqual(['/beta.js', '/dist/alpha.css', '/dist/alpha.js']);
  expect(screen.getByRole('button', { name: 'Move beta@1.0.0/beta.js up' })).toBeDisabled();
  // The combined link follows the new order.
  expect(screen.getByText(`${CDN}/combine/npm/beta@1.0.0/beta.min.js,npm/alpha@2.1.0/dist/alpha.min.js`)).toBeInTheDocument();
});

test('reordering by dragging', () => {
  [jsA, jsB, css].forEach((item) => toggleCollectionItem(item));
  renderSlide();
  const items = within(screen.getByRole('list', { name: 'Selected files' })).getAllByRole('listitem');
  const dataTransfer = { setData: jest.fn(), effectAllowed: '', dropEffect: '' };
  fireEvent.dragStart(items[2]!, { dataTransfer });
  fireEvent.dragOver(items[0]!, { dataTransfer });
  fireEvent.drop(items[0]!, { dataTransfer });
  expect(fileOrder()).toEqual(['/dist/alpha.css', '/dist/alpha.js', '/beta.js']);
});

test('the HTML switch turns links into tags', async () => {
  const user = userEvent.setup();
  toggleCollectionItem(css);
  renderSlide();
  await user.click(screen.getByRole('switch', { name: 'HTML' }));
  expect(screen.getByText(`<link rel="stylesheet" href="${CDN}/npm/alpha@2.1.0/dist/alpha.min.css">`)).toBeInTheDocument();
});

test('Optimize off links the original files, Version aliasing shortens to the major', async () => {
  const user = userEvent.setup();
  toggleCollectionItem(jsA);
  renderSlide();
  await user.click(screen.getByRole('switch', { name: 'Optimize' }));
  expect(screen.getByText(`${CDN}/npm/alpha@2.1.0/dist/alpha.js`)).toBeInTheDocument();
  await user.click(screen.getByRole('switch', { name: 'Version aliasing' }));
  expect(screen.getByText(`${CDN}/npm/alpha@2/dist/alpha.js`)).toBeInTheDocument();
});

test('SRI forces HTML on, Optimize and aliasing off, adds integrity, and restores the options when switched off', async () => {
  const user = userEvent.setup();
  toggleCollectionItem(jsA);
  renderSlide();
  await user.click(screen.getByRole('switch', { name: 'Version aliasing' }));
  await user.click(screen.getByRole('switch', { name: 'SRI' }));
  expect(screen.getByRole('switch', { name: 'HTML' })).toHaveAttribute('aria-checked', 'true');
  expect(screen.getByRole('switch', { name: 'Optimize' })).toHaveAttribute('aria-checked', 'false');
  expect(screen.getByRole('switch', { name: 'Version aliasing' })).toHaveAttribute('aria-checked', 'false');
  expect(
    screen.getByText(`<script src="${CDN}/npm/alpha@2.1.0/dist/alpha.js" integrity="sha256-HASHA=" crossorigin="anonymous"></script>`),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Using SRI with dynamic files' })).toHaveAttribute('href', '/using-sri-with-dynamic-files');

  // Optimize back on while SRI is on: the files change, so no integrity, and the note says why.
  await user.click(screen.getByRole('switch', { name: 'Optimize' }));
  expect(screen.getByText(`<script src="${CDN}/npm/alpha@2.1.0/dist/alpha.min.js"></script>`)).toBeInTheDocument();
  expect(screen.getByText(/SRI applies only while HTML is on/)).toBeInTheDocument();

  await user.click(screen.getByRole('switch', { name: 'SRI' }));
  expect(collectionOptions$.getValue()).toEqual({ html: false, optimize: true, alias: true, sri: false });
  expect(screen.getByText(`${CDN}/npm/alpha@2/dist/alpha.min.js`)).toBeInTheDocument();
});

test('SRI links an +esm build at its pinned URL with the integrity the CDN gives, never its convenient URL', async () => {
  const user = userEvent.setup();
  const pinned = { url: `${CDN}/npm/alpha@2.1.0/+esm/b1`, integrity: 'sha384-PINNED' };
  const answered = jest.fn(async (_url: string) => ({
    ok: true,
    status: 200,
    headers: new Headers(),
    text: async () => JSON.stringify({ name: 'alpha', ...pinned }),
  }));
  const saved = globalThis.fetch;
  globalThis.fetch = answered as unknown as typeof fetch;
  try {
    toggleCollectionItem({ type: 'npm', name: 'alpha', version: '2.1.0', file: '/+esm' });
    renderSlide();
    expect(screen.getByText(`${CDN}/npm/alpha@2.1.0/+esm`)).toBeInTheDocument();
    expect(answered).not.toHaveBeenCalled();
    await user.click(screen.getByRole('switch', { name: 'SRI' }));
    expect(
      await screen.findByText(`<link rel="modulepreload" href="${pinned.url}" integrity="sha384-PINNED" crossorigin="anonymous">`, { exact: false }),
    ).toHaveTextContent(`import Alpha from '${pinned.url}'`);
    expect(answered.mock.calls.map(([url]) => url)).toEqual([`${CDN}/npm/alpha@2.1.0/+esm?meta`]);
    expect(screen.getByText(/and for \+esm builds at their pinned URLs, whose bytes never change/)).toBeInTheDocument();
  } finally {
    globalThis.fetch = saved;
  }
});

test('each link has a copy button that copies exactly the shown text', async () => {
  const user = userEvent.setup();
  [jsA, jsB].forEach((item) => toggleCollectionItem(item));
  renderSlide();
  await user.click(screen.getByRole('button', { name: 'Copy link for beta/beta.js' }));
  expect(await navigator.clipboard.readText()).toBe(`${CDN}/npm/beta@1.0.0/beta.min.js`);
  expect(screen.getByText('Copied!')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Copy combined JS link' }));
  expect(await navigator.clipboard.readText()).toBe(`${CDN}/combine/npm/alpha@2.1.0/dist/alpha.min.js,npm/beta@1.0.0/beta.min.js`);
});

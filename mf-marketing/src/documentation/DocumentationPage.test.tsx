import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { setRuntimeConfig, resetRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { renderPage } from '../../test/renderPage';
import { clearContentCache } from '../content/loadContent';
import { activeAnchor } from './activeAnchor';
import { MENU_IDS } from './menu';
import markdownStyles from '../markdown/Markdown.module.css';
import styles from './Documentation.module.css';

beforeEach(() => {
  clearContentCache();
  setRuntimeConfig(testRuntimeConfig('http://data.test'));
});
afterEach(() => resetRuntimeConfig());

test('shows the loading text, then the document with a section for every menu anchor', async () => {
  const { container } = await renderPage('/documentation');
  expect(screen.getByText('Please wait while the document loads.')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'npm', level: 3 })).toBeInTheDocument();
  expect(MENU_IDS).toHaveLength(15);
  for (const id of MENU_IDS) {
    expect(container.querySelector(`[id="${id}"]`)).not.toBeNull();
  }
  const menuLinks = within(screen.getByRole('navigation', { name: 'Documentation' })).getAllByRole('link');
  expect(menuLinks.map((link) => link.getAttribute('href'))).toEqual(MENU_IDS.map((id) => `#${id}`));
});

test('fills in this deployment’s CDN address in the examples', async () => {
  setRuntimeConfig({ ...testRuntimeConfig('http://data.test'), cdnUrl: 'https://files.example.test/' });
  await renderPage('/documentation');
  expect((await screen.findAllByText(/https:\/\/files\.example\.test\/npm\/jquery@3\.7\.1\/dist\/jquery\.min\.js/)).length).toBeGreaterThan(0);
});

test('documents the pinned +esm links, ?meta and the options of import maps, with this deployment’s addresses', async () => {
  await renderPage('/documentation');
  expect(await screen.findByText(/^Pinned builds\.$/)).toBeInTheDocument();
  expect(screen.getAllByText(/\/npm\/react@18\.3\.1\/\+esm\/b1/).length).toBeGreaterThan(0);
  expect(screen.getByText(/^Describing a build\.$/).parentElement).toHaveTextContent('Add ?meta to any +esm link');
  expect(screen.getByText(/"integrity": "sha384-…"/)).toBeInTheDocument();
  expect(screen.getByText(/^Import maps\.$/).parentElement).toHaveTextContent('react@18?dev maps React and everything it imports to development builds');
});

test('on a phone the page stays within the screen: its columns may shrink below a long line, code blocks and tables scroll in their own box', async () => {
  // jsdom lays nothing out and skips media queries: what is checked is the page's own stylesheets, applied to
  // the rendered page, at every width.
  const style = document.createElement('style');
  style.textContent = ['Documentation.module.css', '../markdown/Markdown.module.css'].map((file) => readFileSync(join(__dirname, file), 'utf8')).join('\n');
  document.head.append(style);
  try {
    const { container } = await renderPage('/documentation');
    await screen.findByRole('heading', { name: 'npm', level: 3 });
    const grid = container.querySelector(`.${styles.docs}`)!;
    expect(grid.children.length).toBeGreaterThan(1);
    for (const column of Array.from(grid.children)) expect(getComputedStyle(column).minWidth).toMatch(/^0(px)?$/);
    const pre = container.querySelector(`.${markdownStyles.markdown} pre`);
    expect(pre).not.toBeNull();
    expect(getComputedStyle(pre!).overflowX).toBe('auto');
    expect(getComputedStyle(container.querySelector(`.${markdownStyles.markdown}`)!).overflowWrap).toBe('anywhere');
  } finally {
    style.remove();
  }
});

test('a failed load says so and links to the raw document', async () => {
  (globalThis.fetch as jest.Mock).mockImplementation(() => Promise.resolve({ ok: false, status: 503, text: async () => '' }));
  await renderPage('/documentation');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the document. Please view it directly at:');
  expect(within(alert).getByRole('link')).toHaveAttribute('href', 'http://content.test/documentation.md');
});

describe('activeAnchor', () => {
  const ids = ['a', 'b', 'c'];
  test('is the first anchor before any heading reaches the top', async () => {
    expect(activeAnchor(ids, () => 900)).toBe('a');
  });
  test('is the last heading within 150 px of the top', async () => {
    const tops: Record<string, number> = { a: -400, b: 149, c: 400 };
    expect(activeAnchor(ids, (id) => tops[id] ?? null)).toBe('b');
    expect(activeAnchor(ids, (id) => ({ ...tops, b: 151 })[id] ?? null)).toBe('a');
  });
  test('the last heading counts from 250 px', async () => {
    const tops: Record<string, number> = { a: -900, b: -400, c: 240 };
    expect(activeAnchor(ids, (id) => tops[id] ?? null)).toBe('c');
    expect(activeAnchor(ids, (id) => ({ ...tops, c: 260 })[id] ?? null)).toBe('b');
  });
});

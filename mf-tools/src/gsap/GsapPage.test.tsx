import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { clearHttpCache, resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { GsapPage } from '../pages/GsapPage';
import { installFakeFetch } from '../testing/fakeFetch';
import { aliasingLabel, pluginFiles } from './gsapLinks';
import { BAR_WIDTH, chartOption } from './statsChart';
import styles from './GsapPage.module.css';

jest.mock('@skylift/shared/charts', () => ({ ...jest.requireActual('@skylift/shared/charts'), loadEcharts: () => new Promise(() => undefined) }));

const config = testRuntimeConfig('http://data.test');
const CDN = config.cdnUrl;
const API = 'http://data.test/v1/packages/npm/gsap';
const tree = (names: string[]) => ({
  type: 'npm',
  name: 'gsap',
  version: 'x',
  default: '/dist/gsap.min.js',
  files: [{ type: 'directory', name: 'dist', files: names.map((name) => ({ type: 'file', name, hash: 'h', size: 1 })) }],
});

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

function setup(matchMobile = false) {
  window.matchMedia = ((query: string) => ({
    matches: matchMobile,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
  const fetchMock = installFakeFetch({
    [`${API}@3.12.5/entrypoints`]: { body: { entrypoints: { js: { file: '/dist/gsap.min.js', guessed: false } } } },
    [`${API}@3.12.5`]: { body: tree(['gsap.min.js', 'gsap.js', 'ScrollTrigger.min.js', 'Draggable.min.js', 'all.min.js']) },
    [`${API}@3.11.0/entrypoints`]: { body: { entrypoints: { js: { file: '/dist/gsap.min.js', guessed: false } } } },
    [`${API}@3.11.0`]: { body: tree(['gsap.min.js', 'TextPlugin.min.js']) },
    [API]: {
      body: {
        type: 'npm',
        name: 'gsap',
        tags: { latest: '3.12.5' },
        versions: [
          { version: '3.12.5', links: {} },
          { version: '3.11.0', links: {} },
        ],
      },
    },
    'http://data.test/v1/stats/packages/npm/gsap': {
      body: {
        hits: { rank: 12, typeRank: 10, total: 123456, dates: {}, prev: { total: 1 } },
        bandwidth: { rank: 3, typeRank: 3, total: 2_500_000, dates: {}, prev: { total: 1 } },
      },
    },
  });
  render(
    <MemoryRouter>
      <GsapPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

beforeEach(() => {
  clearHttpCache();
  setRuntimeConfig(config);
});
afterEach(() => resetRuntimeConfig());

test('aliasing labels and plugin files', () => {
  expect([0, 1, 2, 3].map((i) => aliasingLabel(i, '3.12.5'))).toEqual(['Static (3.12.5)', 'Minor (3.12.x)', 'Major (3.x.x)', 'Latest']);
  expect(pluginFiles(tree(['gsap.min.js', 'b.min.js', 'a.min.js', 'a.js']).files as never, '/dist/gsap.min.js')).toEqual([
    { name: 'a', file: 'a.min.js' },
    { name: 'b', file: 'b.min.js' },
  ]);
});

test('newest version with Minor aliasing and UMD by default; ESM and aliasing change the core URL', async () => {
  setup();
  await settle();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('GSAP CDN');
  expect(screen.getByTestId('gsap-core')).toHaveTextContent(`${CDN}/npm/gsap@3.12/dist/gsap.min.js`);
  fireEvent.click(screen.getByRole('radio', { name: 'ESM' }));
  expect(screen.getByTestId('gsap-core')).toHaveTextContent(`${CDN}/npm/gsap@3.12/+esm`);
  fireEvent.click(screen.getByRole('button', { name: /^Aliasing: Minor/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Latest' }));
  expect(screen.getByTestId('gsap-core')).toHaveTextContent(`${CDN}/npm/gsap/+esm`);
  fireEvent.click(screen.getByRole('button', { name: /^Aliasing: Latest/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Static (3.12.5)' }));
  expect(screen.getByTestId('gsap-core')).toHaveTextContent(`${CDN}/npm/gsap@3.12.5/+esm`);
});

test('plugins under Show more CDN / Hide more CDN; a version change reloads them', async () => {
  setup();
  await settle();
  expect(screen.queryByText('ScrollTrigger')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Show more CDN' }));
  expect(screen.getByText(`${CDN}/npm/gsap@3.12/dist/ScrollTrigger.min.js`)).toBeInTheDocument();
  expect(screen.getByText('Draggable')).toBeInTheDocument();
  expect(screen.queryByText('all')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: /^Version: 3\.12\.5/ }));
  fireEvent.click(screen.getByRole('option', { name: '3.11.0' }));
  await settle();
  expect(screen.getByText(`${CDN}/npm/gsap@3.11/dist/TextPlugin.min.js`)).toBeInTheDocument();
  expect(screen.queryByText('ScrollTrigger')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Hide more CDN' }));
  expect(screen.queryByText('TextPlugin')).toBeNull();
});

test('on mobile the choices are radio lists applied only with Apply', async () => {
  setup(true);
  await settle();
  fireEvent.click(screen.getByRole('button', { name: /^Aliasing: Minor/ }));
  const sheet = screen.getByRole('dialog', { name: 'Aliasing' });
  fireEvent.click(within(sheet).getByRole('radio', { name: 'Major (3.x.x)' }));
  fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByTestId('gsap-core')).toHaveTextContent(`${CDN}/npm/gsap@3.12/dist/gsap.min.js`);
  fireEvent.click(screen.getByRole('button', { name: /^Aliasing: Minor/ }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Aliasing' })).getByRole('radio', { name: 'Major (3.x.x)' }));
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByTestId('gsap-core')).toHaveTextContent(`${CDN}/npm/gsap@3/dist/gsap.min.js`);
});

test('the side panel shows our statistics for the chosen period; the menu opens and closes', async () => {
  const fetchMock = setup();
  await settle();
  await waitFor(() => expect(screen.getByTestId('gsap-hits').textContent).toMatch(/123.456/), { timeout: 3000 });
  expect(screen.getByRole('img', { name: 'Daily requests of GSAP over the last month' })).toBeInTheDocument();
  expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('http://data.test/v1/stats/packages/npm/gsap?period=month');
  fireEvent.click(screen.getByRole('button', { name: /^Period: Last month/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Last quarter' }));
  await settle();
  expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('http://data.test/v1/stats/packages/npm/gsap?period=quarter');
  const toggle = screen.getByRole('button', { name: 'Menu' });
  fireEvent.click(toggle);
  expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});

test('a failed versions call is logged as "Gsap versions not found."', async () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  installFakeFetch({});
  render(
    <MemoryRouter>
      <GsapPage />
    </MemoryRouter>,
  );
  await settle();
  expect(log).toHaveBeenCalledWith('Gsap versions not found.', expect.anything());
  log.mockRestore();
});

test('side chart settings: bar thickness per period, 9 y-axis ticks, padding by width', () => {
  expect(BAR_WIDTH).toEqual({ month: 4, quarter: 2, year: 1 });
  const option = chartOption({ '2026-11-02': 5, '2026-11-01': 3 }, 'quarter', true) as {
    grid: { left: number };
    yAxis: { splitNumber: number };
    xAxis: { data: string[] };
    series: Array<{ data: number[]; barWidth: number }>;
  };
  expect(option.xAxis.data).toEqual(['2026-11-01', '2026-11-02']);
  expect(option.series[0]).toMatchObject({ data: [3, 5], barWidth: 2 });
  expect(option.yAxis.splitNumber).toBe(8);
  expect(option.grid.left).toBe(20);
  expect((chartOption({}, 'year', false) as { grid: { left: number } }).grid.left).toBe(8);
});

test('on a phone the page stays within the screen: the layout column may shrink below a URL, which scrolls in its own box, and the open menu sits below its toggle', async () => {
  // jsdom lays nothing out and skips media queries: what is checked is the page's own stylesheet, applied to
  // the rendered page, at every width.
  const style = document.createElement('style');
  style.textContent = readFileSync(join(__dirname, 'GsapPage.module.css'), 'utf8');
  document.head.append(style);
  try {
    setup(true);
    await settle();
    const layout = document.querySelector(`.${styles.layout}`)!;
    expect(getComputedStyle(layout).gridTemplateColumns).toBe('minmax(0, 1fr)');
    for (const column of Array.from(layout.children)) expect(getComputedStyle(column).minWidth).toMatch(/^0(px)?$/);
    const url = await screen.findByText(`${CDN}/npm/gsap@3.12/dist/gsap.min.js`);
    expect(getComputedStyle(url).overflowX).toBe('auto');
    expect(getComputedStyle(url).minWidth).toMatch(/^0(px)?$/);

    const nav = screen.getByRole('navigation', { name: 'GSAP page' });
    expect(getComputedStyle(nav).position).toBe('relative');
    // The toggle shows only on narrow screens (a media query jsdom skips), so it is found by its class.
    const toggle = nav.querySelector(`.${styles.menuToggle}`)!;
    fireEvent.click(toggle);
    expect(toggle).toHaveTextContent('Close menu');
    const list = nav.querySelector('ul')!;
    expect(list).toHaveClass(styles.menuListOpen!);
    // The list is placed under the nav's bottom edge (where the toggle is), at its right: not over the toggle.
    expect(getComputedStyle(list).top).toBe('calc(100% + 0.25rem)');
    expect(getComputedStyle(list).right).toMatch(/^0(px)?$/);
    expect(toggle.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  } finally {
    style.remove();
  }
});

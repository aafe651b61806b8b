import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { BRAND } from '@skylift/shared/brand';
import { renderPage } from '../../test/renderPage';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { SITE } from '../content/content';
import { contractReferenceDocument } from '../pages/NetworkToolApiDocsPage';
import site from '../../content/site.json';
import apiDocsStyles from '../apiDocs/ApiDocs.module.css';

const API = site.networkTool.apiUrl;
const probe = (city: string) => ({ city, country: 'DE', network: 'Example Net', asn: 64500 });

test('a tool page runs the measurement from its preset location and shows every probe’s result', async () => {
  const fetch = mockFetchRoutes({
    [`${API}/v1/measurements/m1`]: {
      id: 'm1',
      type: 'ping',
      status: 'finished',
      results: [
        { probe: probe('Berlin'), result: { status: 'finished', stats: { avg: 10.25, loss: 0 }, rawOutput: 'PING example.com' } },
        { probe: probe('Paris'), result: { status: 'failed' } },
        { probe: probe('Oslo'), result: { status: 'offline' } },
        { probe: probe('Rome'), result: { status: 'finished', stats: { loss: 100 } } },
      ],
    },
    [`${API}/v1/measurements`]: { status: 202, body: { id: 'm1', probesCount: 4 } },
  });
  await renderPage('/globalping/network-tools/ping-from-europe');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${BRAND.networkTool} PING from Europe`);
  expect(screen.getByLabelText('From')).toHaveValue('Europe');
  fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Run test' }));
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.querySelectorAll('td')[1]?.firstChild?.textContent)).toEqual(['10.3 ms avg, 0% loss', 'failed', 'offline', 'failed']);
  const [url, init] = fetch.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
  expect(url).toBe(`${API}/v1/measurements`);
  expect(JSON.parse(String(init?.body))).toEqual({ type: 'ping', target: 'example.com', limit: 3, locations: [{ magic: 'Europe', limit: 3 }] });
});

test('an HTTP target given as a URL is sent as host and request', async () => {
  const fetch = mockFetchRoutes({
    [`${API}/v1/measurements/h1`]: {
      id: 'h1',
      type: 'http',
      status: 'finished',
      results: [{ probe: probe('Seattle'), result: { status: 'finished', statusCode: 200, timings: { total: 88 } } }],
    },
    [`${API}/v1/measurements`]: { status: 202, body: { id: 'h1' } },
  });
  await renderPage('/globalping/network-tools/http-from-amazoncom-inc');
  fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'https://example.com/a?b=1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Run test' }));
  expect(await screen.findByText('HTTP 200, 88.0 ms')).toBeInTheDocument();
  const body = JSON.parse(String(fetch.mock.calls.find(([, options]) => options?.method === 'POST')?.[1]?.body));
  expect(body).toMatchObject({
    type: 'http',
    target: 'example.com',
    measurementOptions: { protocol: 'HTTPS', request: { method: 'GET', path: '/a', query: 'b=1' } },
    locations: [{ magic: 'Amazon.com' }],
  });
});

test('refuses an empty or malformed target without calling the API', async () => {
  const fetch = mockFetchRoutes({});
  await renderPage('/globalping/network-tools/dns');
  fireEvent.click(screen.getByRole('button', { name: 'Run test' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter a target to measure.');
  fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'https://example.com/' } });
  fireEvent.click(screen.getByRole('button', { name: 'Run test' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter a host name or an IP address, without a scheme or a path.');
  expect(fetch).not.toHaveBeenCalled();
});

test('shows the API’s refusal', async () => {
  mockFetchRoutes({ [`${API}/v1/measurements`]: { status: 422, body: { error: { message: 'No suitable probes found.' } } } });
  await renderPage('/globalping/network-tools/traceroute-from-united-states');
  fireEvent.change(screen.getByLabelText('Target'), { target: { value: 'example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Run test' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Creating the measurement failed: No suitable probes found.');
});

test('/globalping offers every test and links to each tool page', async () => {
  await renderPage('/globalping');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(BRAND.networkTool);
  expect(screen.getByRole('button', { name: 'Test: Ping' })).toBeInTheDocument();
  // The kit's controls, not a browser's own: no native select is left on the page.
  expect(document.querySelector('select')).toBeNull();
  for (const path of [
    '/globalping/network-tools/ping',
    '/globalping/network-tools/dns-from-europe',
    '/globalping/network-tools/http-from-amazoncom-inc',
    '/globalping/network-tools/traceroute-from-united-states',
  ]) {
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === path)).toBe(true);
  }
});

test('an unknown tool is no page of ours: the site answers it with its 404', async () => {
  for (const path of ['/globalping/network-tools/mtr-from-mars', '/globalping/network-tools/ping-from-mars', '/globalping/network-tools/pingdns']) {
    await expect(renderPage(path)).rejects.toThrow(`No page of this remote owns ${path}.`);
  }
});

test('/docs/api.globalping.io explains the calls and links to the API’s own reference', async () => {
  await renderPage('/docs/api.globalping.io');
  expect(screen.getByRole('link', { name: `Read the ${BRAND.networkTool} API reference` })).toHaveAttribute('href', site.networkTool.apiDocsUrl);
  expect(screen.getByText(API)).toBeInTheDocument();
  expect(screen.queryByTitle(`${BRAND.networkTool} API reference`)).toBeNull();
});

test('/docs/api.globalping.io stays within a phone screen: its list of calls may shrink and its long addresses wrap', async () => {
  // jsdom lays nothing out and skips media queries: the page's own stylesheet is checked on the rendered page.
  const style = document.createElement('style');
  style.textContent = readFileSync(join(__dirname, '..', 'apiDocs', 'ApiDocs.module.css'), 'utf8');
  document.head.append(style);
  try {
    const { container } = await renderPage('/docs/api.globalping.io');
    const list = container.querySelector(`.${apiDocsStyles.apiDocs} dl`)!;
    expect(getComputedStyle(list).gridTemplateColumns).toBe('minmax(0, max-content) minmax(0, 1fr)');
    for (const item of Array.from(list.querySelectorAll('dt, dd'))) {
      expect(getComputedStyle(item).minWidth).toMatch(/^0(px)?$/);
      expect(getComputedStyle(item).overflowWrap).toBe('anywhere');
    }
  } finally {
    style.remove();
  }
});

test('/docs/api.globalping.io shows a configured contract in a sandboxed frame, drawn by our own reference build', async () => {
  setRuntimeConfig(testRuntimeConfig('http://data.test'));
  SITE.networkTool.apiContractUrl = 'https://api.example.test/v1/spec.yaml';
  try {
    await renderPage('/docs/api.globalping.io');
    const frame = screen.getByTitle(`${BRAND.networkTool} API reference`);
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups');
    const document = frame.getAttribute('srcdoc') ?? '';
    expect(document).toContain('data-contract="https://api.example.test/v1/spec.yaml"');
    // The data service's script loads the renderer (with its hash) and starts it: the frame's one script.
    expect([...document.matchAll(/<script[^>]*>/g)].map((tag) => tag[0])).toEqual(['<script src="http://data.test/docs/init.js">']);
    expect(contractReferenceDocument('https://x.test/"><script>alert(1)</script>', 'http://data.test', 'T')).not.toContain('<script>alert');
  } finally {
    SITE.networkTool.apiContractUrl = null;
    // The page is still shown: it sees the configuration go.
    act(() => resetRuntimeConfig());
  }
});

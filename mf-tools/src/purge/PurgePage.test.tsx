import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { PurgePage } from '../pages/PurgePage';
import { installFakeFetch, type FakeAnswer } from '../testing/fakeFetch';
import { POLL_INTERVAL_MS } from './usePurge';

jest.mock('./loadAltcha', () => ({ loadAltcha: async () => undefined }));

const config = testRuntimeConfig('http://data.test');
const CDN = config.cdnUrl;
const PURGE = config.purgeUrl;

async function settle(ms = 0): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 6; i++) await Promise.resolve();
  });
}

function setup(statuses: FakeAnswer[], post: FakeAnswer = { status: 202, body: { id: 'job-1' } }) {
  const posted: unknown[] = [];
  const polls: string[] = [];
  const fetchMock = installFakeFetch({
    [`${PURGE}/captcha`]: (_url, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return post;
      }
      return { body: { kind: 'altcha', challengeUrl: `${PURGE}/captcha/challenge` } };
    },
    [`${PURGE}/status/`]: (url) => {
      polls.push(url);
      return statuses.shift() ?? { status: 500, body: { status: 500, message: 'out of answers' } };
    },
  });
  render(
    <MemoryRouter>
      <PurgePage />
    </MemoryRouter>,
  );
  return { fetchMock, posted, polls, textarea: screen.getByPlaceholderText('Enter up to 10 URLs - one per line') };
}

async function solveCaptcha(payload = 'solved-payload'): Promise<void> {
  await settle();
  const widget = document.querySelector('altcha-widget');
  expect(widget).not.toBeNull();
  expect(widget).toHaveAttribute('challenge', `${PURGE}/captcha/challenge`);
  await act(async () => {
    widget!.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  setRuntimeConfig(config);
});
afterEach(() => {
  jest.useRealTimers();
  resetRuntimeConfig();
});

test('the button is enabled only for 1 to 10 URLs of our CDN, with the exact error texts', () => {
  const { textarea } = setup([]);
  const button = screen.getByRole('button', { name: 'Purge now' });
  expect(button).toBeDisabled();
  expect(screen.queryByRole('alert')).toBeNull();
  fireEvent.change(textarea, { target: { value: 'https://elsewhere.test/npm/a@1/x.js' } });
  expect(screen.getByRole('alert')).toHaveTextContent('Invalid URLs!');
  expect(button).toBeDisabled();
  fireEvent.change(textarea, { target: { value: Array.from({ length: 11 }, (_, i) => `${CDN}/npm/p${i}@1/a.js`).join('\n') } });
  expect(screen.getByRole('alert')).toHaveTextContent('Allowed up to 10 URLs - one per line');
  expect(button).toBeDisabled();
  fireEvent.change(textarea, { target: { value: `${CDN}/npm/a@1/x.js, ${CDN}/gh/u/r@main/y.js` } });
  expect(screen.queryByRole('alert')).toBeNull();
  expect(button).toBeEnabled();
});

test('captcha, loading button, polling every second until finished, then the results with details', async () => {
  const { textarea, posted, polls } = setup([
    { body: { id: 'job-1', status: 'pending', paths: {} } },
    {
      body: {
        id: 'job-1',
        status: 'finished',
        paths: {
          '/npm/a@1/x.js': { throttled: false, providers: { CF: true, FY: true }, origin: 'dropped' },
          '/npm/b@2/y.js': { throttled: false, providers: { CF: false, FY: true }, origin: 'dropped' },
          '/npm/c@3.0.0/z.js': { throttled: false, providers: { CF: true, FY: true }, origin: 'immutable' },
          '/npm/d@1/w.js': { throttled: true, providers: {} },
        },
      },
    },
  ]);
  fireEvent.change(textarea, { target: { value: `${CDN}/npm/a@1/x.js\n${CDN}/npm/b@2/y.js,${CDN}/npm/c@3.0.0/z.js\n\n${CDN}/npm/d@1/w.js` } });
  fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
  expect(screen.getByRole('group', { name: 'Captcha' })).toBeInTheDocument();
  await solveCaptcha('token-123');
  expect(posted).toEqual([{ 'g-recaptcha-response': 'token-123', path: ['/npm/a@1/x.js', '/npm/b@2/y.js', '/npm/c@3.0.0/z.js', '/npm/d@1/w.js'] }]);
  expect(screen.getByRole('button', { name: 'Purging...' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Purge now' })).toBeNull();

  await settle(POLL_INTERVAL_MS - 1);
  expect(polls).toHaveLength(0);
  await settle(1);
  expect(polls).toEqual([`${PURGE}/status/job-1`]);
  await settle(POLL_INTERVAL_MS);
  expect(polls).toHaveLength(2);

  expect(screen.getByRole('button', { name: 'Purge now' })).toBeEnabled();
  expect(screen.getByRole('heading', { name: /Results/ })).toBeInTheDocument();
  expect(screen.getAllByText('Success')).toHaveLength(2);
  expect(screen.getByText('One provider failed')).toBeInTheDocument();
  expect(screen.getByText('Throttled')).toBeInTheDocument();
  expect(screen.queryByText(/Cloudflare/)).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: /\/npm\/b@2\/y\.js/ }));
  expect(screen.getByText(/Cloudflare: failed/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Hide details' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Hide details' }));
  expect(screen.queryByText(/Cloudflare/)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Show details' }));
  expect(screen.getAllByText(/Cloudflare: purged/)).toHaveLength(2);
  expect(screen.getByText('An exact version never changes: only the fronting CDNs were asked.')).toBeInTheDocument();
  // A throttled path shows no provider details.
  expect(screen.queryByRole('button', { name: /\/npm\/d@1\/w\.js/ })).toBeNull();
  await settle(5 * POLL_INTERVAL_MS);
  expect(polls).toHaveLength(2);
});

test('a failed purge request shows the error and resets the form', async () => {
  const { textarea } = setup([], { status: 403, body: { status: 403, message: 'The captcha was not solved.' } });
  fireEvent.change(textarea, { target: { value: `${CDN}/npm/a@1/x.js` } });
  fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
  await solveCaptcha();
  await settle();
  expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while purging!');
  expect(screen.getByRole('button', { name: 'Purge now' })).toBeEnabled();
  expect(screen.queryByRole('group', { name: 'Captcha' })).toBeNull();
});

test.each([
  ['the Retry-After header', { 'retry-after': '42' }, {}, 'Too many purges from your address; try again in 42 s.'],
  ['a retryAfter field', {}, { retryAfter: 17 }, 'Too many purges from your address; try again in 17 s.'],
  ['nothing readable (a header the service does not expose)', {}, {}, 'Too many purges from your address; try again in a minute.'],
])('past the rate limit the page says when to retry, from %s', async (_how, headers, extra, text) => {
  const { textarea } = setup([], {
    status: 429,
    headers,
    body: { status: 429, message: 'Too many purge requests from this address: try again in a minute.', ...extra },
  });
  fireEvent.change(textarea, { target: { value: `${CDN}/npm/a@1/x.js` } });
  fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
  await solveCaptcha();
  await settle();
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  expect(screen.queryByText('An error occurred while purging!')).toBeNull();
  expect(screen.getByRole('button', { name: 'Purge now' })).toBeEnabled();
});

test('a failed status request shows the error too', async () => {
  const { textarea } = setup([{ status: 404, body: { status: 404, message: 'There is no purge with the id.' } }]);
  fireEvent.change(textarea, { target: { value: `${CDN}/npm/a@1/x.js` } });
  fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
  await solveCaptcha();
  await settle(POLL_INTERVAL_MS);
  expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while purging!');
});

test('making the list invalid while the captcha shows closes it', async () => {
  const { textarea } = setup([]);
  fireEvent.change(textarea, { target: { value: `${CDN}/npm/a@1/x.js` } });
  fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
  await settle();
  expect(screen.getByRole('group', { name: 'Captcha' })).toBeInTheDocument();
  fireEvent.change(textarea, { target: { value: 'nope' } });
  expect(screen.queryByRole('group', { name: 'Captcha' })).toBeNull();
});

test('a hosted captcha is rendered by its provider script, and its callback starts the purge', async () => {
  const posted: unknown[] = [];
  installFakeFetch({
    [`${PURGE}/captcha`]: (_url, init) => {
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return { status: 202, body: { id: 'job-2' } };
      }
      return { body: { kind: 'turnstile', siteKey: 'site-key-1', scriptUrl: 'https://captcha.test/api.js' } };
    },
    [`${PURGE}/status/`]: { body: { id: 'job-2', status: 'pending', paths: {} } },
  });
  render(
    <MemoryRouter>
      <PurgePage />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByPlaceholderText('Enter up to 10 URLs - one per line'), { target: { value: `${CDN}/npm/a@1/x.js` } });
  fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
  await settle();
  const widget = document.querySelector('.cf-turnstile') as HTMLElement;
  expect(widget.dataset['sitekey']).toBe('site-key-1');
  expect(document.querySelector('script[src="https://captcha.test/api.js"]')).not.toBeNull();
  await act(async () => {
    (window as unknown as Record<string, (token: string) => void>)[widget.dataset['callback']!]!('hosted-token');
  });
  expect(posted).toEqual([{ 'g-recaptcha-response': 'hosted-token', path: ['/npm/a@1/x.js'] }]);
});

test('polls that cannot reach the service (a restart) are retried; the job is then followed to the end', async () => {
  let down = 3;
  const fetchMock = installFakeFetch({
    [`${PURGE}/captcha`]: (_url, init) =>
      init?.method === 'POST' ? { status: 202, body: { id: 'job-3' } } : { body: { kind: 'altcha', challengeUrl: `${PURGE}/captcha/challenge` } },
    [`${PURGE}/status/`]: () => {
      if (down-- > 0) throw new TypeError('Failed to fetch');
      return { body: { id: 'job-3', status: 'finished', paths: { '/npm/a@1/x.js': { throttled: false, providers: {} } } } };
    },
  });
  render(
    <MemoryRouter>
      <PurgePage />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByPlaceholderText('Enter up to 10 URLs - one per line'), { target: { value: `${CDN}/npm/a@1/x.js` } });
  fireEvent.click(screen.getByRole('button', { name: 'Purge now' }));
  await solveCaptcha();
  for (let i = 0; i < 4; i++) await settle(POLL_INTERVAL_MS);
  expect(screen.queryByText('An error occurred while purging!')).toBeNull();
  expect(screen.getByText('Success')).toBeInTheDocument();
  expect(fetchMock.mock.calls.filter((call) => String(call[0]).includes('/status/'))).toHaveLength(4);
});
